import Foundation

/// What a built executable printed and how it exited.
public struct BinaryResult: Sendable {
  /// The process's exit status.
  public var status: Int32
  /// Everything written to standard output, decoded as UTF-8.
  public var stdout: String
  /// Everything written to standard error, decoded as UTF-8.
  public var stderr: String
}

/// Locates and runs the executables this package builds, for end-to-end tests.
public enum BuiltBinary {
  /// The directory that holds the built products (`.build/<triple>/debug` or `release`).
  ///
  /// The test runner itself lives in that directory, so its own path tells where the products are.
  public static var productsDirectory: URL {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var directory = executable.deletingLastPathComponent()
    while directory.pathExtension == "xctest" || directory.lastPathComponent == "Contents"
      || directory.lastPathComponent == "MacOS"
    {
      directory = directory.deletingLastPathComponent()
    }
    return directory
  }

  /// The URL of the built executable with the given product name.
  public static func url(_ name: String) -> URL {
    productsDirectory.appendingPathComponent(name)
  }

  /// Runs a built executable to completion.
  ///
  /// - Parameters:
  ///   - name: The product name, such as `forage`.
  ///   - arguments: The command-line arguments.
  ///   - stdin: Bytes to write to the process's standard input, which is then closed.
  ///   - environment: Extra environment variables, merged over the test process's own.
  ///   - currentDirectory: The working directory, or the test process's own when `nil`.
  /// - Returns: The exit status and the captured output.
  public static func run(
    _ name: String,
    _ arguments: [String],
    stdin: Data = Data(),
    environment: [String: String] = [:],
    currentDirectory: URL? = nil
  ) throws -> BinaryResult {
    try run(
      executable: url(name),
      arguments,
      stdin: stdin,
      environment: environment,
      currentDirectory: currentDirectory
    )
  }

  /// Runs any executable to completion, feeding standard input and capturing both outputs.
  ///
  /// - Parameters:
  ///   - executable: The program's URL.
  ///   - arguments: The command-line arguments.
  ///   - stdin: Bytes to write to standard input, which is then closed.
  ///   - environment: Extra environment variables, merged over the test process's own.
  ///   - currentDirectory: The working directory, or the test process's own when `nil`.
  /// - Returns: The exit status and the captured output.
  public static func run(
    executable: URL,
    _ arguments: [String],
    stdin: Data = Data(),
    environment: [String: String] = [:],
    currentDirectory: URL? = nil
  ) throws -> BinaryResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Drain both pipes concurrently so a chatty process never blocks on a full pipe.
    // Threads of their own, never the cooperative pool or Dispatch's width-limited queues.
    let stdoutData = BlockingThread { output.fileHandleForReading.readDataToEndOfFile() }
    let feeder = BlockingThread {
      if !stdin.isEmpty { input.fileHandleForWriting.write(stdin) }
      try? input.fileHandleForWriting.close()
    }
    let stderrData = error.fileHandleForReading.readDataToEndOfFile()
    let stdoutBytes = try stdoutData.value()
    try feeder.value()
    process.waitUntilExit()
    return BinaryResult(
      status: process.terminationStatus,
      stdout: String(decoding: stdoutBytes, as: UTF8.self),
      stderr: String(decoding: stderrData, as: UTF8.self)
    )
  }
}
