// HTTPBenchmark: 1 000 sequential GETs and 1 000 GETs 16-way concurrent against the in-process
// mock server, for ForageHTTP, the `curl` command-line tool (one invocation, connection reuse)
// and Foundation's URLSession, plus the server's own throughput measured with a raw socket
// client. Every figure comes from the same run.
import ForageHTTP
import ForageSupport
import Foundation
import MockPlaces
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// A small fixed JSON body, shaped like one Places result.
let body = Data(
  #"{"html_attributions":[],"results":[{"business_status":"OPERATIONAL","geometry":{"location":{"lat":-33.8587323,"lng":151.2100055}},"name":"Cruise Bar","place_id":"ChIJi6C1MxquEmsR9-c-3O48ykI","price_level":2,"rating":4,"types":["bar","restaurant"],"user_ratings_total":1269,"vicinity":"Circular Quay W"}],"status":"OK"}"#
    .utf8
)

struct FixedJSON: MockHandler {
  func respond(to request: MockRequest) async -> MockResponse? { .json(body) }
}

let count = 1_000
let width = 16
let server = MockHTTPServer(handlers: [FixedJSON()])
try server.start()
let base = server.url.absoluteString
let urls = (0..<count).map { URL(string: "\(base)/maps/api/place/nearbysearch/json?i=\($0)")! }

/// Runs `body` and returns requests per second.
func rate(_ body: () async throws -> Void) async rethrows -> Double {
  let start = ContinuousClock.now
  try await body()
  let elapsed = ContinuousClock.now - start
  return Double(count)
    / elapsed.seconds
}

/// Runs `operation` for every URL, `width` at a time.
func concurrently(_ operation: @escaping @Sendable (URL) async throws -> Void) async throws {
  let next = Counter()
  try await withThrowingTaskGroup(of: Void.self) { group in
    for _ in 0..<width {
      group.addTask {
        while let index = next.take(below: count) { try await operation(urls[index]) }
      }
    }
    try await group.waitForAll()
  }
}

final class Counter: Sendable {
  private let value = Mutex(0)
  func take(below limit: Int) -> Int? {
    value.withLock { value in
      guard value < limit else { return nil }
      defer { value += 1 }
      return value
    }
  }
}

// MARK: ForageHTTP
let client = HTTPClient()
func forage(_ url: URL) async throws {
  let response = try await client.send(HTTPRequest(url: url))
  precondition(response.status == 200 && response.body == body)
}
for url in urls.prefix(50) { try await forage(url) }  // warm-up
let forageSequential = try await rate { for url in urls { try await forage(url) } }
let forageConcurrent = try await rate { try await concurrently(forage) }

// MARK: curl command-line tool (one invocation; it reuses the connection)
func curlTool(parallel: Bool) throws -> Double {
  let config = FileManager.default.temporaryDirectory.appending(
    path: "forage-bench-\(getpid()).curl"
  )
  try urls.map { "url = \"\($0.absoluteString)\"\noutput = \"/dev/null\"\n" }.joined()
    .write(to: config, atomically: true, encoding: .utf8)
  defer { try? FileManager.default.removeItem(at: config) }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
  process.arguments =
    ["-s", "--no-progress-meter", "--fail", "--config", config.path]
    + (parallel ? ["--parallel", "--parallel-max", "\(width)"] : [])
  let start = ContinuousClock.now
  try process.run()
  process.waitUntilExit()
  let elapsed = ContinuousClock.now - start
  precondition(process.terminationStatus == 0, "curl failed")
  return Double(count)
    / elapsed.seconds
}
let curlSequential = try curlTool(parallel: false)
let curlConcurrent = try curlTool(parallel: true)

// MARK: URLSession
let session = URLSession(configuration: .ephemeral)
func foundation(_ url: URL) async throws {
  let (data, response) = try await session.data(from: url)
  precondition((response as? HTTPURLResponse)?.statusCode == 200 && data == body)
}
for url in urls.prefix(50) { try await foundation(url) }
let sessionSequential = try await rate { for url in urls { try await foundation(url) } }
let sessionConcurrent = try await rate { try await concurrently(foundation) }

// MARK: the mock server itself, driven by a raw keep-alive socket client on threads
func rawClient(requests: Int, port: UInt16) {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = port.bigEndian
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  _ = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
    }
  }
  var one: Int32 = 1
  setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
  let request = Array("GET /maps/api/place/nearbysearch/json HTTP/1.1\r\nHost: b\r\n\r\n".utf8)
  var buffer = [UInt8](repeating: 0, count: 8192)
  for _ in 0..<requests {
    _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
    var received: [UInt8] = []
    while true {
      let n = recv(fd, &buffer, buffer.count, 0)
      precondition(n > 0)
      received += buffer[0..<n]
      if let end = received.firstRange(of: [13, 10, 13, 10]),
        received.count - end.upperBound >= body.count
      {
        break
      }
    }
  }
  close(fd)
}
func serverRate(threads: Int) -> Double {
  let start = ContinuousClock.now
  let group = DispatchGroup()
  for _ in 0..<threads {
    group.enter()
    Thread {
      rawClient(requests: count / threads, port: server.port)
      group.leave()
    }.start()
  }
  group.wait()
  let elapsed = ContinuousClock.now - start
  let total = (count / threads) * threads
  return Double(total)
    / elapsed.seconds
}
let serverSequential = serverRate(threads: 1)
let serverConcurrent = serverRate(threads: width)
let connections = server.connectionCount
server.stop()

func show(_ value: Double) -> String { String(format: "%8.0f req/s", value) }
print(
  "HTTPBenchmark: \(count) GETs of a \(body.count)-byte JSON body from the in-process mock server"
)
print("                       sequential        \(width)-way concurrent")
print("ForageHTTP           \(show(forageSequential))   \(show(forageConcurrent))")
print("curl tool (baseline) \(show(curlSequential))   \(show(curlConcurrent))")
print("URLSession           \(show(sessionSequential))   \(show(sessionConcurrent))")
print("mock server (raw)    \(show(serverSequential))   \(show(serverConcurrent))")
print(
  String(
    format:
      "ForageHTTP vs curl tool, sequential: %.2fx the time (target <= 1.20x); vs URLSession: %.2fx the rate",
    curlSequential / forageSequential,
    forageSequential / sessionSequential
  )
)
print("server connections accepted in all: \(connections)")
