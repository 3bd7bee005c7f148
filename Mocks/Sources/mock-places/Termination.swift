import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Waits for SIGINT or SIGTERM so the server can stop cleanly and exit 0.
enum Termination {
  /// Returns once the process receives SIGINT or SIGTERM.
  static func wait() async {
    let signals = [SIGINT, SIGTERM]
    for number in signals { signal(number, SIG_IGN) }
    let resumed = Mutex(false)
    let sources = signals.map {
      DispatchSource.makeSignalSource(signal: $0, queue: .global())
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      for source in sources {
        source.setEventHandler {
          let first = resumed.withLock { done in
            defer { done = true }
            return !done
          }
          if first { continuation.resume() }
        }
        source.resume()
      }
    }
    for source in sources { source.cancel() }
  }
}
