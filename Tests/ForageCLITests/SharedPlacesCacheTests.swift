import ForageTestSupport
import Foundation
import Testing

/// `forage run --places-cache postgres://…`: processes share what they learn through one
/// PostgreSQL database, and a password in the URL is never shown.
@Suite(.timeLimit(.minutes(5)))
struct SharedPlacesCacheTests {
  /// Runs `body` with a new database on the process's shared cluster: its URL with the
  /// password, over TCP.
  static func withDatabase(
    _ body: @Sendable (PostgresCluster, String) async throws -> Void
  ) async throws {
    try await SharedPostgresCluster.process.with { cluster in
      let name = "forage_cli_\(UUID().uuidString.prefix(8).lowercased())"
      try await cluster.sql("CREATE DATABASE \(name) OWNER \(cluster.user)", database: "postgres")
      try await body(
        cluster,
        "postgres://\(cluster.user):\(cluster.password)@127.0.0.1:\(cluster.port)/\(name)"
      )
    }
  }

  /// Runs `forage` on a thread of its own.
  static func forage(_ arguments: [String]) async throws -> BinaryResult {
    try await offPool { try FinderFixtures.forage(arguments) }
  }

  /// The lines of standard error but the in-process mock's own.
  static func lines(_ stderr: String) -> [Substring] {
    stderr.split(separator: "\n").filter {
      !$0.hasPrefix("forage: using the in-process mock")
    }
  }

  /// Whether `text` holds `password` in any spelling a URL or a message might give it.
  static func leaks(_ password: String, in text: String) -> Bool {
    let encoded =
      password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? password
    return text.contains(password) || text.contains(encoded)
  }

  @Test func theSecondProcessMakesNoRequestAndAnswersAsARunWithoutTheCache() async throws {
    try await Self.withDatabase { cluster, url in
      let directory = try FinderFixtures.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let track = try FinderFixtures.walkSample(every: 3, in: directory).path
      let record = directory.appendingPathComponent("run.jsonl").path
      let common = ["run", "--track", track, "--provider", "google-legacy"]
      let plain = try await Self.forage(common)
      let first = try await Self.forage(
        common + ["--places-cache", url, "--record", record, "--log-level", "trace"]
      )
      let second = try await Self.forage(common + ["--places-cache", url])
      for result in [plain, first, second] {
        try #require(result.status == 0, "\(result.stderr)")
      }
      let outputs = try [plain, first, second].map { try RunOutput(ndjson: $0.stdout) }
      #expect((outputs[1].summary?.requests ?? 0) > 0)
      #expect(outputs[2].summary?.requests == 0)
      #expect(PlacesCacheTests.answers(outputs[1]) == PlacesCacheTests.answers(outputs[0]))
      #expect(PlacesCacheTests.answers(outputs[2]) == PlacesCacheTests.answers(outputs[0]))
      #expect(Set(outputs[2].named("places").compactMap(\.source)) == ["stored"])
      let recorded = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
      #expect(!recorded.isEmpty)
      for text in [first.stdout, first.stderr, second.stdout, second.stderr, recorded] {
        #expect(!Self.leaks(cluster.password, in: text))
      }
    }
  }

  @Test func twoProcessesAtOnceAnswerAsOneAndKeepEverySearch() async throws {
    try await Self.withDatabase { _, url in
      let directory = try FinderFixtures.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let track = try FinderFixtures.walkSample(every: 2, in: directory).path
      let arguments = [
        "run", "--track", track, "--provider", "google-legacy", "--places-cache", url,
      ]
      async let one = Self.forage(arguments)
      async let two = Self.forage(arguments)
      let results = try await [one, two]
      for result in results { try #require(result.status == 0, "\(result.stderr)") }
      let outputs = try results.map { try RunOutput(ndjson: $0.stdout) }
      #expect(PlacesCacheTests.answers(outputs[0]) == PlacesCacheTests.answers(outputs[1]))
      let third = try RunOutput(ndjson: try await Self.forage(arguments).stdout)
      #expect(third.summary?.requests == 0)
      #expect(PlacesCacheTests.answers(third) == PlacesCacheTests.answers(outputs[0]))
    }
  }

  /// A hostile `--places-cache` value, the exit status it must give, and what its one line
  /// must say.
  struct Hostile: Sendable, CustomTestStringConvertible {
    var name: String
    var url: @Sendable (PostgresCluster) -> String
    var status: Int32
    var says: String
    var testDescription: String { name }
  }

  static let secret = "Hostile-pw@:/%-9Zq"

  static var hostile: [Hostile] {
    let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? secret
    return [
      Hostile(
        name: "no database",
        url: { "postgres://u:\(encoded)@127.0.0.1:\($0.port)" },
        status: 64,
        says: "no database"
      ),
      Hostile(
        name: "port out of range",
        url: { _ in "postgres://u:\(encoded)@127.0.0.1:99999/d" },
        status: 64,
        says: "--places-cache"
      ),
      Hostile(
        name: "nothing listens",
        url: { _ in "postgres://u:\(encoded)@127.0.0.1:1/d" },
        status: 69,
        says: "127.0.0.1:1"
      ),
      Hostile(
        name: "unknown host",
        url: { _ in "postgres://u:\(encoded)@no-such-host.invalid/d" },
        status: 69,
        says: "no-such-host.invalid"
      ),
      Hostile(
        name: "wrong encoded password",
        url: { "postgres://\($0.user):\(encoded)@127.0.0.1:\($0.port)/\($0.database)" },
        status: 69,
        says: "--places-cache"
      ),
      Hostile(
        name: "query option",
        url: { "postgres://u:\(encoded)@127.0.0.1:\($0.port)/d?sslmode=require" },
        status: 64,
        says: "sslmode"
      ),
      Hostile(
        name: "unknown scheme",
        url: { _ in "mysql://u:\(encoded)@127.0.0.1/d" },
        status: 64,
        says: "mysql://"
      ),
      Hostile(
        name: "very long",
        url: { _ in "postgres://u:\(encoded)@h/" + String(repeating: "d", count: 100_000) },
        status: 64,
        says: "--places-cache"
      ),
      Hostile(
        name: "control characters",
        url: { _ in "postgres://u:\(encoded)@127.0.0.1/d\u{1B}[31m\n\u{7}" },
        status: 64,
        says: "--places-cache"
      ),
      Hostile(
        name: "unreadable password",
        url: { _ in "postgres://u:\(secret)%zz@127.0.0.1/d" },
        status: 64,
        says: "--places-cache"
      ),
    ]
  }

  @Test(arguments: hostile)
  func aHostileURLIsOneLineWithItsStatusAndNoPassword(_ value: Hostile) async throws {
    try await SharedPostgresCluster.process.with { cluster in
      let directory = try FinderFixtures.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let track = try FinderFixtures.walkSample(every: 50, in: directory).path
      let result = try await Self.forage([
        "run", "--track", track, "--provider", "google-legacy", "--places-cache",
        value.url(cluster),
      ])
      let lines = Self.lines(result.stderr)
      #expect(result.status == value.status, "\(result.stderr)")
      #expect(lines.count == 1, "\(result.stderr)")
      #expect(result.stderr.contains(value.says), "\(result.stderr)")
      #expect(!Self.leaks(Self.secret, in: result.stderr + result.stdout))
      #expect(!result.stderr.contains("\u{1B}"))
    }
  }

  @Test func postgresqlIsTheSameSchemeAsLibpqReadsIt() async throws {
    try await Self.withDatabase { _, url in
      let directory = try FinderFixtures.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let track = try FinderFixtures.walkSample(every: 50, in: directory).path
      let result = try await Self.forage([
        "run", "--track", track, "--provider", "google-legacy", "--places-cache",
        "postgresql" + url.dropFirst("postgres".count),
      ])
      #expect(result.status == 0, "\(result.stderr)")
    }
  }

  @Test func aTimeToLivePastGooglesTermsIsRefusedWithTheReasonOnce() async throws {
    try await Self.withDatabase { cluster, url in
      let directory = try FinderFixtures.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let track = try FinderFixtures.walkSample(every: 50, in: directory).path
      let result = try await Self.forage([
        "run", "--track", track, "--provider", "google-legacy", "--places-cache", url,
        "--places-cache-ttl", "31d",
      ])
      #expect(result.status == 64)
      #expect(Self.lines(result.stderr).count == 1, "\(result.stderr)")
      #expect(result.stderr.contains("30 days"), "\(result.stderr)")
      #expect(!Self.leaks(cluster.password, in: result.stderr))
    }
  }
}
