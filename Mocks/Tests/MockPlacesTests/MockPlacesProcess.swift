import ForageTestSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A running `mock-places` binary, started for one test and stopped by a signal.
final class MockPlacesProcess {
  /// The URL from the first line the server printed, such as `http://127.0.0.1:40123`.
  let baseURL: URL
  /// The first line of standard output.
  let firstLine: String
  private let process: Process
  private let errorFile: URL

  /// Why the server did not come up.
  struct StartFailure: Error, CustomStringConvertible {
    var description: String
  }

  /// Starts `mock-places` with these arguments and waits for its first line.
  init(_ arguments: [String]) throws {
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
    var line = Data()
    while true {
      let byte = output.fileHandleForReading.readData(ofLength: 1)
      if byte.isEmpty || byte == Data("\n".utf8) { break }
      line.append(byte)
    }
    firstLine = String(decoding: line, as: UTF8.self)
    let prefix = "listening on "
    guard firstLine.hasPrefix(prefix),
      let url = URL(string: String(firstLine.dropFirst(prefix.count)))
    else {
      process.terminate()
      process.waitUntilExit()
      throw StartFailure(description: "mock-places printed \(firstLine.debugDescription)")
    }
    baseURL = url
  }

  deinit {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: errorFile)
  }

  /// Sends a signal and waits for the process to exit.
  ///
  /// - Returns: The exit status.
  func stop(_ signal: Int32 = SIGTERM) -> Int32 {
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Everything the server wrote to standard error so far.
  var standardError: String {
    (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
  }
}
