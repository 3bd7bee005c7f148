import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// A running `mock-places` binary on 127.0.0.1 (a kernel-chosen port), started for one test and
/// stopped by a signal: for tests that drive real clients against a real server process.
public final class MockPlacesProcess {
  /// The URL from the first line the server printed, such as `http://127.0.0.1:40123`.
  public let baseURL: URL
  /// The first line of standard output.
  public let firstLine: String
  private let process: Process
  private let errorFile: URL

  /// Why the server did not come up, or an admin endpoint did not answer.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Starts `mock-places` with these arguments and waits for its first line.
  ///
  /// - Throws: ``Failure`` when it exits or prints something other than `listening on URL`.
  public init(_ arguments: [String]) throws {
    process = Process()
    process.executableURL = BuiltBinary.url("mock-places")
    process.arguments = arguments
    errorFile = FileManager.default.temporaryDirectory
      .appendingPathComponent("mock-places-\(UUID().uuidString).stderr")
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    process.standardError = try FileHandle(forWritingTo: errorFile)
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    // A blocking read of the first line: the server prints it once it is listening.
    var line = Data()
    while true {
      let byte = output.fileHandleForReading.readData(ofLength: 1)
      if byte.isEmpty || byte.first == UInt8(ascii: "\n") { break }
      line.append(byte)
    }
    firstLine = String(decoding: line, as: UTF8.self)
    let prefix = "listening on "
    guard firstLine.hasPrefix(prefix),
      let url = URL(string: String(firstLine.dropFirst(prefix.count)))
    else {
      process.terminate()
      process.waitUntilExit()
      throw Failure(description: "mock-places printed \(firstLine.debugDescription)")
    }
    baseURL = url
  }

  /// Starts `mock-places` serving `dataset` with page tokens valid at once, plus more options
  /// such as `--fault SPEC` or `--api-key K`.
  public convenience init(dataset: URL, arguments: [String] = []) throws {
    try self.init(
      ["--dataset", dataset.path, "--port", "0", "--page-token-delay", "0"] + arguments
    )
  }

  deinit {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: errorFile)
  }

  /// The server's base URL (the same as ``baseURL``).
  public var url: URL { baseURL }

  /// Sends a signal and waits for the process to exit.
  ///
  /// - Returns: The exit status.
  @discardableResult
  public func stop(_ signal: Int32 = SIGTERM) -> Int32 {
    if process.isRunning { kill(process.processIdentifier, signal) }
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Everything the server wrote to standard error so far.
  public var standardError: String {
    (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
  }

  /// GETs an admin endpoint, such as `/__admin/faults`, and decodes its JSON object.
  public func admin(_ path: String) async throws -> [String: Any] {
    let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent(path))
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw Failure(description: "\(path) did not answer a JSON object")
    }
    return object
  }

  /// How many times each fault rule fired, by its spec.
  public func faultsFired() async throws -> [String: Int] {
    let listing = try await admin("/__admin/faults")["faults"] as? [[String: Any]] ?? []
    var fired: [String: Int] = [:]
    for fault in listing {
      if let spec = fault["spec"] as? String { fired[spec] = fault["fired"] as? Int ?? 0 }
    }
    return fired
  }

  /// How many Places requests the server has answered.
  public func requestCount() async throws -> Int {
    try await admin("/__admin/requests/count")["count"] as? Int ?? -1
  }
}
