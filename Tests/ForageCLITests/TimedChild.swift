import Dispatch
import ForageTestSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A built binary run as a child with a time limit, its outputs in files, for tests that send
/// it signals or run it under resource limits.
///
/// It is started with ``ChildSpawn``, as a shell would start it, with only its three standard
/// descriptors. Past its time limit it is stopped by its process id with SIGKILL.
///
/// Sendable: every stored property is a constant, and the semaphore and the waiting thread
/// are safe to use from any thread.
final class TimedChild: @unchecked Sendable {
  /// The child's process id.
  let pid: pid_t
  private let stdoutPath: String
  private let stderrPath: String
  private let finished: DispatchSemaphore
  private let waiter: BlockingThread<Int32>

  /// Starts `executable` with `arguments`, standard input empty and both outputs in files in
  /// `directory` (the working directory stays the test's: give paths in full).
  init(
    executable: String,
    _ arguments: [String],
    in directory: URL,
    environment: [String: String] = [:]
  ) throws {
    let name = "child-\(UUID().uuidString)"
    stdoutPath = directory.appendingPathComponent("\(name).stdout").path
    stderrPath = directory.appendingPathComponent("\(name).stderr").path
    let child = try ChildSpawn(
      standardOutput: .file(stdoutPath),
      standardError: .file(stderrPath),
      environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }
    ).start(executable, arguments)
    pid = child
    let spawned = child
    let finished = DispatchSemaphore(value: 0)
    self.finished = finished
    waiter = BlockingThread {
      let status = ChildSpawn.wait(for: spawned)
      finished.signal()
      return status
    }
  }

  /// Waits for the child to end, for at most `limit`; past it the child is killed (SIGKILL).
  ///
  /// - Returns: The exit status as a shell gives it (128 + N for signal N), or `nil` when the
  ///   time limit ended the child.
  func wait(limit: Duration) throws -> Int32? {
    let seconds = Double(limit.components.seconds)
    if finished.wait(timeout: .now() + seconds) == .timedOut {
      kill(pid, SIGKILL)
      _ = try waiter.value()
      return nil
    }
    finished.signal()
    return try waiter.value()
  }

  /// Waits until standard error holds `marker` at least `count` times, for at most `limit`,
  /// looking every 20 ms (blocks its thread: call it from a thread of its own).
  ///
  /// - Returns: Whether it did; `false` when the limit passed or the child ended first.
  func waitForStderr(_ marker: String, count: Int = 1, limit: Duration) -> Bool {
    let deadline = ContinuousClock.now.advanced(by: limit)
    func holds() -> Bool { stderr.components(separatedBy: marker).count - 1 >= count }
    while ContinuousClock.now < deadline {
      if holds() { return true }
      if finished.wait(timeout: .now() + 0.02) == .success {
        finished.signal()
        return holds()
      }
    }
    return holds()
  }

  /// Sends `signal` to the child.
  func send(_ signal: Int32) {
    kill(pid, signal)
  }

  /// What the child wrote to standard output so far.
  var stdout: String {
    (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? ""
  }

  /// What the child wrote to standard error so far.
  var stderr: String {
    (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
  }
}
