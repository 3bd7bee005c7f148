import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The write end of the pipe the signal handler writes to; set once before the handler exists.
nonisolated(unsafe) private var terminationPipeWriteEnd: Int32 = -1

/// Catches SIGINT and SIGTERM so the server can stop cleanly and exit 0.
///
/// Uses the self-pipe trick: the C signal handler only `write`s one byte (async-signal-safe) and
/// a thread blocked in `read` resumes the waiting task. This works whichever thread the kernel
/// delivers the signal to, and also when the shell started the process with SIGINT ignored.
struct Termination {
  private let readEnd: Int32

  /// Installs the handlers. Call it before announcing the server, so no signal is missed.
  ///
  /// - Returns: The waiter, or `nil` when no pipe could be made.
  static func install() -> Termination? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    terminationPipeWriteEnd = ends[1]
    for number in [SIGINT, SIGTERM] {
      _ = signal(number) { _ in
        var byte: UInt8 = 1
        _ = write(terminationPipeWriteEnd, &byte, 1)
      }
    }
    return Termination(readEnd: ends[0])
  }

  /// Returns once the process has received SIGINT or SIGTERM (even before this call).
  func wait() async {
    let readEnd = readEnd
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let thread = Thread {
        var byte: UInt8 = 0
        while read(readEnd, &byte, 1) < 0 && errno == EINTR {}
        continuation.resume()
      }
      thread.name = "mock-places-signals"
      thread.start()
    }
  }
}
