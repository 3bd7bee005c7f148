import ForageTestSupport
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A run that cannot be useful says so: when no search ever succeeds, `forage run` exits 69
/// with one line saying why, in bounded time; a URL it cannot use is a usage error.
@Suite struct UnusableAPITests {
  /// A TCP server on 127.0.0.1 that is not an HTTP server: it greets every connection with a
  /// banner (as SSH does), or accepts and never says a word.
  final class NotHTTPServer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let clients = Clients()

    /// The accepted connections, closed with the server.
    final class Clients: Sendable {
      let list = Mutex<[Int32]>([])
    }

    init(banner: String?) throws {
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      try #require(bound == 0 && listen(fd, 64) == 0)
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
      }
      port = UInt16(bigEndian: address.sin_port)
      listener = fd
      let clients = clients
      let greeting = banner.map { Array($0.utf8) }
      Thread {
        while true {
          let client = accept(fd, nil, nil)
          // Not inherited by a child another test spawns meanwhile (accept4 is not visible to Swift).
          if client >= 0 { _ = fcntl(client, F_SETFD, FD_CLOEXEC) }
          guard client >= 0 else { return }
          clients.list.withLock { $0.append(client) }
          if let greeting {
            _ = greeting.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
          }
        }
      }.start()
    }

    func close() {
      shutdown(listener, Int32(SHUT_RDWR))
      Glibc.close(listener)
      for client in clients.list.withLock({ $0 }) { Glibc.close(client) }
    }
  }

  static func run(_ base: String, _ extra: [String] = []) throws -> BinaryResult {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(30, in: directory)
    return try FinderFixtures.forage(["run", "--track", track.path, "--api-base", base] + extra)
  }

  @Test func anSSHServerIsNotAPlacesAPI() throws {
    let server = try NotHTTPServer(banner: "SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n")
    defer { server.close() }
    let result = try Self.run("http://127.0.0.1:\(server.port)", ["--network-time", "virtual"])
    #expect(result.status == 69)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(lines.first?.contains("the places API is unusable") == true)
    #expect(lines.first?.contains("HTTP") == true)
  }

  @Test func aServerThatNeverAnswersEndsInBoundedTime() throws {
    let server = try NotHTTPServer(banner: nil)
    defer { server.close() }
    let started = ContinuousClock.now
    let result = try Self.run(
      "http://127.0.0.1:\(server.port)",
      ["--network-time", "virtual", "--request-timeout", "0.2"]
    )
    #expect(result.status == 69)
    #expect(result.stderr.contains("timed out") || result.stderr.contains("timeout"))
    // Two rounds of three attempts of 0.2 s: seconds, not minutes (a generous bound).
    #expect(ContinuousClock.now - started < .seconds(60))
  }

  @Test func aRefusedConnectionIsUnusable() throws {
    // A port just bound and closed again: nothing listens there.
    let server = try NotHTTPServer(banner: nil)
    let port = server.port
    server.close()
    let result = try Self.run("http://127.0.0.1:\(port)", ["--network-time", "virtual"])
    #expect(result.status == 69)
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
  }

  @Test(arguments: [
    "http://127.0.0.1:99999", "http://127.0.0.1:0", "ftp://127.0.0.1/", "http://", "not a url",
  ])
  func aURLThatCannotBeUsedIsAUsageError(_ base: String) throws {
    let result = try Self.run(base)
    #expect(result.status == 64, "\(base): \(result.stderr)")
    #expect(result.stderr.contains("--api-base"))
  }

  @Test(arguments: ["0", "-1", "nan", "1e9"])
  func aRequestTimeoutOutOfRangeIsAUsageError(_ value: String) throws {
    let result = try Self.run("http://127.0.0.1:1", ["--request-timeout", value])
    #expect(result.status == 64, "\(value): \(result.stderr)")
    #expect(result.stderr.contains("--request-timeout"))
  }

  @Test func aNameThatOnlyLooksLikeThisMachineIsNotIt() throws {
    let directory = try FinderFixtures.workFolder()
    defer { try? FileManager.default.removeItem(at: directory) }
    for base in [
      "http://127.0.0.1.example.invalid/", "http://127.evil.invalid/",
      "http://localhost.example.invalid/",
    ] {
      let result = try FinderFixtures.forage(
        ["run", "--track", "walk.gpx", "--api-base", base],
        in: directory
      )
      #expect(result.status == 64, "\(base): \(result.stderr)")
      #expect(result.stderr.contains("--allow-insecure-http"), "\(result.stderr)")
    }
    let query = try FinderFixtures.forage(
      ["run", "--track", "walk.gpx", "--api-base", "http://127.0.0.1:9/?token=abcdefgh"],
      in: directory
    )
    #expect(query.status == 64, "\(query.stderr)")
    #expect(!query.stderr.contains("abcdefgh"))
    for notify in [
      "http://127.0.0.1:0/", "http://127.0.0.1:99999/", "http://u:secretpw@example.invalid/",
    ] {
      let result = try FinderFixtures.forage(
        ["run", "--track", "walk.gpx", "--notify-url", notify],
        in: directory
      )
      #expect(result.status == 64, "\(notify): \(result.stderr)")
      #expect(!result.stderr.contains("secretpw"))
    }
  }
}
