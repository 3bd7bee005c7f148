import ForageTestSupport
import Foundation
import Testing

/// The peak memory of a built `forage` run, for the tests that bound it.
enum PeakMemory {
  /// Runs the built `forage` under GNU time (installed by `make test-deps`), killed by its
  /// process id after `timeLimit` seconds, and returns its peak resident set size in KiB.
  ///
  /// Not `wait4`'s own `ru_maxrss`: a child spawned straight from this (large, busy) test
  /// process inherits its high-water mark at `exec` (posix_spawn shares the parent's memory
  /// until then), so the figure would be the test runner's. GNU time forks from a small process.
  ///
  /// - Parameters:
  ///   - arguments: `forage`'s arguments.
  ///   - stdin: Bytes for its standard input.
  ///   - timeLimit: Seconds before `timeout` sends SIGKILL.
  /// - Returns: The peak in KiB, with what the run printed on standard error (GNU time's line
  ///   left out).
  static func kilobytes(
    _ arguments: [String],
    stdin: Data = Data(),
    timeLimit: Int = 600
  ) throws -> (kilobytes: Int, result: BinaryResult) {
    var result = try BuiltBinary.run(
      executable: URL(fileURLWithPath: "/usr/bin/time"),
      [
        "-f", "peak %M", "/usr/bin/timeout", "-s", "KILL", "\(timeLimit)",
        BuiltBinary.url("forage").path,
      ] + arguments,
      stdin: stdin
    )
    var lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    let peak = try #require(lines.last.flatMap { $0.hasPrefix("peak ") ? $0 : nil })
    lines.removeLast()
    result.stderr = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    return (try #require(Int(peak.dropFirst(5))), result)
  }
}
