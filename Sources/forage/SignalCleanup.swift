import Dispatch
import ForageFinder
import ForageWriters
import Foundation
import Synchronization

/// What `forage` does on signals, as GNU sort does: on every catchable signal whose default
/// action ends the process (``endingSignals``) the temporary files of `--output` and
/// `--record` are removed, the old outputs kept, and the process exits with 128 + the signal's
/// number.
///
/// The signals are blocked in the thread that installs the handlers and in every thread
/// started after it, and read by dispatch sources, so one sent to the process (`kill`, a
/// terminal's Ctrl-C or Ctrl-\, a CPU limit's SIGXCPU) reaches the handler. One the kernel
/// sends to the thread that caused it stays pending there, unseen: a write past `ulimit -f`
/// fails with `EFBIG` instead, which the writers report (one line and exit 74).
///
/// SIGPIPE is ignored: SwiftNIO ignores it for the whole process once it opens a socket. A
/// write to a closed pipe fails with `EPIPE`, which the writers handle (a quiet exit 0), and a
/// SIGPIPE sent with `kill` is lost: the run goes on and ends as it would have.
///
/// A live run (`--gpsd`) asks for SIGINT instead with ``onInterrupt(_:)``: the first SIGINT
/// then ends the run so it finishes with its summary; a second exits at once as above.
///
/// What must be undone first asks with ``beforeExit(_:)``: a live view puts the terminal back,
/// a places cache file closes (so that no `-wal` or `-shm` file is left beside it). They run
/// newest first, for at most ``exitHandlersWait``: an exit waits no longer for a file locked by
/// another process.
///
/// The handlers run on a dispatch queue, not in signal context, so removing files is safe.
enum SignalCleanup {
  /// The signals that end the process after removing its temporary files: every catchable
  /// one whose default action is to end it, but SIGPIPE (ignored) and the real-time signals.
  static let endingSignals: [Int32] = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ, SIGVTALRM,
    SIGPROF, SIGPOLL, SIGSTKFLT, SIGPWR,
  ]

  /// Keeps the signal sources alive for the life of the process.
  nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

  /// What the next SIGINT does instead of exiting, if anything.
  private static let interruptHandler = Mutex<(@Sendable () -> Void)?>(nil)

  /// What runs before a signal ends the process, by the number ``beforeExit(_:)`` gave it.
  private static let exitHandlers = Mutex<(next: Int, handlers: [Int: @Sendable () -> Void])>(
    (0, [:])
  )

  /// How long a signal's exit waits for the ``beforeExit(_:)`` handlers.
  static let exitHandlersWait: Duration = .seconds(2)

  /// Makes `handler` run before a signal ends the process; returns the number to remove it
  /// with (``removeBeforeExit(_:)``).
  @discardableResult
  static func beforeExit(_ handler: @escaping @Sendable () -> Void) -> Int {
    exitHandlers.withLock { state in
      state.next += 1
      state.handlers[state.next] = handler
      return state.next
    }
  }

  /// Removes a handler ``beforeExit(_:)`` added.
  static func removeBeforeExit(_ number: Int) {
    _ = exitHandlers.withLock { $0.handlers.removeValue(forKey: number) }
  }

  /// Removes the temporary files and ends the process as `number` asks, after the handlers
  /// (newest first); if they are not done within ``exitHandlersWait``, a timer ends it without
  /// them.
  private static func exit(on number: Int32) {
    let end: @Sendable () -> Void = {
      TemporaryFiles.shared.removeAll()
      _exit(128 + number)
    }
    let wait = Int(exitHandlersWait.components.seconds)
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(wait), execute: end)
    let handlers = exitHandlers.withLock { state in
      defer { state.handlers = [:] }
      return state.handlers.sorted { $0.key > $1.key }.map(\.value)
    }
    for handler in handlers { handler() }
    end()
  }

  /// Makes the next SIGINT call `handler` instead of exiting (once); `nil` restores the exit.
  static func onInterrupt(_ handler: (@Sendable () -> Void)?) {
    interruptHandler.withLock { $0 = handler }
  }

  /// Installs the handlers; call once, first thing, before any thread starts.
  ///
  /// A standard descriptor closed by the caller (`forage run >&-`) is first taken by a
  /// read-only descriptor of `/dev/null`, so no file the program opens later can become
  /// standard output and receive its data: writes to it then fail with "Bad file descriptor".
  static func install() {
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
    where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      let placeholder = open("/dev/null", O_RDONLY)
      if placeholder >= 0 && placeholder != descriptor {
        dup2(placeholder, descriptor)
        close(placeholder)
      }
    }
    var blocked = sigset_t()
    sigemptyset(&blocked)
    for number in endingSignals { sigaddset(&blocked, number) }
    pthread_sigmask(SIG_BLOCK, &blocked, nil)
    signal(SIGPIPE, SIG_IGN)
    for number in endingSignals {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        if number == SIGINT, let handler = interruptHandler.withLock({ $0.take() }) {
          handler()
          return
        }
        exit(on: number)
      }
      source.resume()
      sources.append(source)
    }
  }
}
