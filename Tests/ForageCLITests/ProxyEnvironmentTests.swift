import ForageTestSupport
import Foundation
import Testing

/// The proxy variables, as curl reads them: forage's own loopback traffic (the in-process mock,
/// `--api-base` and `--notify-url` on this machine, in every spelling) never goes through a
/// proxy; real hosts go through the one `http_proxy` or `ALL_PROXY` names, unless `NO_PROXY`
/// names them; `HTTP_PROXY` is ignored, as curl ignores it (httpoxy).
@Suite struct ProxyEnvironmentTests {
  /// A forward proxy on 127.0.0.1, written for this test: it logs the request line of every
  /// request it gets to a file (before answering), forwards those for `places.example.test`
  /// (a name only it can resolve) to the mock, and answers every other one 502. It prints its
  /// port, then serves until killed, or for five minutes at most.
  static let proxy = #"""
    import signal, socket, sys, threading
    signal.alarm(300)
    upstream_port, log_path = int(sys.argv[1]), sys.argv[2]
    lock = threading.Lock()
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0)); listener.listen(64)
    print(listener.getsockname()[1], flush=True)
    def read_request(conn):
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = conn.recv(65536)
            if not chunk: return None, None
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length": length = int(value.strip())
        while len(body) < length:
            chunk = conn.recv(65536)
            if not chunk: break
            body += chunk
        return head.split(b"\r\n"), body
    def handle(conn):
        try:
            lines, body = read_request(conn)
            if lines is None: return
            method, target, version = lines[0].split(b" ", 2)
            with lock:
                with open(log_path, "ab") as log: log.write(lines[0] + b"\n")
            prefix = b"http://places.example.test"
            if not target.startswith(prefix):
                conn.sendall(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                return
            path = target[len(prefix):] or b"/"
            headers = [l for l in lines[1:] if not l.lower().startswith((b"connection:", b"proxy-"))]
            request = b"\r\n".join([method + b" " + path + b" " + version] + headers + [b"Connection: close"])
            upstream = socket.create_connection(("127.0.0.1", upstream_port))
            upstream.sendall(request + b"\r\n\r\n" + body)
            while True:
                chunk = upstream.recv(65536)
                if not chunk: break
                conn.sendall(chunk)
            upstream.close()
        except OSError:
            pass
        finally:
            conn.close()
    while True:
        conn, _ = listener.accept()
        threading.Thread(target=handle, args=(conn,), daemon=True).start()
    """#

  /// Every variable libcurl reads for a proxy, and the two that exempt hosts.
  static let proxyVariables = [
    "http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "ALL_PROXY", "all_proxy",
  ]
  static let noProxyVariables = ["NO_PROXY", "no_proxy"]

  /// What `NO_PROXY`/`no_proxy` hold beside a proxy variable: nothing, an empty value, another
  /// host, each spelling.
  static let noProxyCombinations: [[String: String]] = [
    [:], ["NO_PROXY": ""], ["no_proxy": "other.example"], ["NO_PROXY": "example.org,localhost"],
  ]

  /// A running proxy with its request log.
  final class CountingProxy {
    let port: Int
    /// The file each request's request line is appended to.
    let log: URL
    private let process: Process

    init(upstream: Int, in directory: URL) throws {
      log = directory.appendingPathComponent("proxy.log")
      process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [
        "python3", "-c", ProxyEnvironmentTests.proxy, String(upstream), log.path,
      ]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      var line = Data()
      while !line.contains(UInt8(ascii: "\n")) {
        let byte = output.fileHandleForReading.readData(ofLength: 1)
        guard !byte.isEmpty else { throw CocoaError(.fileReadUnknown) }
        line.append(byte)
      }
      port = Int(
        String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      )!
    }

    /// The request lines the proxy got so far.
    var requests: [String] {
      ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(
        String.init
      )
    }

    /// Forgets the requests logged so far.
    func reset() { try? FileManager.default.removeItem(at: log) }

    /// Stops it by its PID. SIGKILL: a child started from a test thread inherits that thread's
    /// blocked signals, so Python would never see SIGTERM.
    func stop() {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  /// The environment with no proxy and no key inherited from the test's own, then `extra`.
  static func environment(_ extra: [String: String]) -> [String: String] {
    var environment = ["PLACES_API_KEY": ""]
    for name in proxyVariables + noProxyVariables { environment[name] = "" }
    return environment.merging(extra) { $1 }
  }

  /// Every loopback spelling forage may be asked to reach, by what `--api-base` says (`nil`:
  /// the in-process mock); `PORT` is the mock's port (an IPv4 one; `[::1]` an IPv6 one).
  static let loopbackSpellings: [String?] = [
    nil,
    "http://127.0.0.1:PORT",
    "http://127.1:PORT",
    "http://localhost:PORT",
    "http://LocalHost:PORT",
    "http://[::1]:PORT6",
    "http://[0:0:0:0:0:0:0:1]:PORT6",
    "http://[::ffff:127.0.0.1]:PORT",
  ]

  @Test(arguments: loopbackSpellings)
  func loopbackIsNeverProxied(apiBase: String?) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 60, count: 10, in: directory)
    let server = try MockPlacesProcess(dataset: FinderFixtures.helsinkiPlaces, arguments: [])
    defer { server.stop() }
    let server6 = try MockPlacesProcess(
      dataset: FinderFixtures.helsinkiPlaces,
      arguments: ["--host", "::1"]
    )
    defer { server6.stop() }
    let port = try #require(server.url.port)
    let port6 = try #require(server6.url.port)
    // Notifications to this machine are forage's own traffic too.
    let receiver = try ScriptedHTTPServer(body: "{}")
    defer { receiver.close() }
    let proxy = try CountingProxy(upstream: port, in: directory)
    defer { proxy.stop() }
    var arguments = [
      "run", "--track", track.path, "--network-time", "virtual", "--limit", "3",
      "--notify-url", "http://localhost:\(receiver.port)/hook",
    ]
    if let apiBase {
      arguments += [
        "--api-base",
        apiBase.replacingOccurrences(of: "PORT6", with: String(port6))
          .replacingOccurrences(of: "PORT", with: String(port)),
      ]
    }
    var runs = 0
    for variable in Self.proxyVariables {
      for noProxy in Self.noProxyCombinations {
        let environment = noProxy.merging([variable: "http://127.0.0.1:\(proxy.port)"]) { $1 }
        let notified = receiver.requests.count
        proxy.reset()
        let result = try FinderFixtures.forage(
          arguments,
          environment: Self.environment(environment),
          limit: .seconds(120)
        )
        #expect(result.status == 0, "\(environment) \(apiBase ?? "in-process"): \(result.stderr)")
        #expect(proxy.requests == [], "\(environment) \(apiBase ?? "in-process")")
        #expect(receiver.requests.count > notified, "\(environment): no notification arrived")
        runs += 1
      }
    }
    #expect(runs == Self.proxyVariables.count * Self.noProxyCombinations.count)
  }

  /// A real host's requests, as curl sends them: through the proxy `http_proxy` or `ALL_PROXY`
  /// names for `http://`, not through `HTTP_PROXY` (ignored) or `https_proxy` (another scheme),
  /// and not when `NO_PROXY` names the host (or a domain of it, or `*`).
  static let realHostCases: [(environment: [String: String], isProxied: Bool)] = [
    (["http_proxy": "PROXY"], true),
    (["ALL_PROXY": "PROXY"], true),
    (["all_proxy": "PROXY"], true),
    (["http_proxy": "PROXY", "no_proxy": "other.example"], true),
    (["ALL_PROXY": "PROXY", "NO_PROXY": "example.org,localhost"], true),
    (["HTTP_PROXY": "PROXY"], false),
    (["https_proxy": "PROXY"], false),
    (["HTTPS_PROXY": "PROXY"], false),
    (["http_proxy": "PROXY", "NO_PROXY": "places.example.test"], false),
    (["http_proxy": "PROXY", "no_proxy": ".example.test"], false),
    (["all_proxy": "PROXY", "no_proxy": "example.test"], false),
    (["ALL_PROXY": "PROXY", "NO_PROXY": "*"], false),
  ]

  @Test func realHostsAreProxiedAsCurlProxiesThem() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 60, count: 10, in: directory)
    let server = try MockPlacesProcess(dataset: FinderFixtures.helsinkiPlaces, arguments: [])
    defer { server.stop() }
    let proxy = try CountingProxy(upstream: try #require(server.url.port), in: directory)
    defer { proxy.stop() }
    for (environment, isProxied) in Self.realHostCases {
      proxy.reset()
      let result = try FinderFixtures.forage(
        [
          "run", "--track", track.path, "--network-time", "virtual", "--limit", "3",
          // Overpass needs no key, so plain http:// to another host is allowed.
          "--provider", "overpass", "--api-base", "http://places.example.test",
        ],
        environment: Self.environment(
          environment.mapValues { $0 == "PROXY" ? "http://127.0.0.1:\(proxy.port)" : $0 }
        ),
        limit: .seconds(120)
      )
      if isProxied {
        #expect(result.status == 0, "\(environment): \(result.stderr)")
        #expect(!proxy.requests.isEmpty, "\(environment): the proxy saw nothing")
        #expect(proxy.requests.allSatisfy { $0.contains("http://places.example.test/") })
      } else {
        // Not proxied, the name resolves nowhere: the API is unusable.
        #expect(result.status == 69, "\(environment): \(result.stderr)")
        #expect(proxy.requests == [], "\(environment)")
      }
    }
  }
}
