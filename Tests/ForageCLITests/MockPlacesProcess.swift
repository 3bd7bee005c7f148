import ForageTestSupport
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The built `mock-places` executable serving a dataset on 127.0.0.1 (a kernel-chosen port),
/// for tests that drive `forage run --api-base` against a real server process.
final class MockPlacesProcess {
  /// The server's base URL, from its first line of output.
  let url: URL
  private let process: Process

  /// Starts the server and waits for its `listening on URL` line.
  ///
  /// - Parameters:
  ///   - dataset: The GeoJSON places to serve.
  ///   - arguments: More options, such as `--fault SPEC` or `--api-key K`.
  /// - Throws: ``FixtureError`` when it exits or prints something else first.
  init(dataset: URL, arguments: [String] = []) throws {
    process = Process()
    process.executableURL = BuiltBinary.url("mock-places")
    // Page tokens valid at once: forage waits for them in virtual time in these tests.
    process.arguments =
      ["--dataset", dataset.path, "--port", "0", "--page-token-delay", "0"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // A blocking read of the first line: the server prints it once it is listening.
    var line = Data()
    while true {
      let byte = output.fileHandleForReading.readData(ofLength: 1)
      if byte.isEmpty || byte.first == UInt8(ascii: "\n") { break }
      line.append(byte)
    }
    let text = String(decoding: line, as: UTF8.self)
    guard text.hasPrefix("listening on "), let url = URL(string: String(text.dropFirst(13))) else {
      process.terminate()
      process.waitUntilExit()
      throw FixtureError("mock-places did not start: '\(text)'")
    }
    self.url = url
  }

  deinit { stop() }

  /// Stops the server with SIGTERM and waits for it to exit.
  func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }

  /// GETs an admin endpoint, such as `/__admin/faults`, and decodes its JSON object.
  func admin(_ path: String) async throws -> [String: Any] {
    let (data, _) = try await URLSession.shared.data(from: url.appendingPathComponent(path))
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw FixtureError("\(path) did not answer a JSON object")
    }
    return object
  }

  /// How many times each fault rule fired, by its spec.
  func faultsFired() async throws -> [String: Int] {
    let listing = try await admin("/__admin/faults")["faults"] as? [[String: Any]] ?? []
    var fired: [String: Int] = [:]
    for fault in listing {
      if let spec = fault["spec"] as? String { fired[spec] = fault["fired"] as? Int ?? 0 }
    }
    return fired
  }

  /// How many Places requests the server has answered.
  func requestCount() async throws -> Int {
    try await admin("/__admin/requests/count")["count"] as? Int ?? -1
  }
}
