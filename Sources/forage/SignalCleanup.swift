import Dispatch
import ForageFinder
import ForageWriters
import Foundation
import Synchronization

/// What `forage` does on signals: SIGPIPE is ignored (a write to a closed pipe fails with
/// `EPIPE` instead, which the writers handle), and on SIGINT, SIGTERM or SIGHUP the temporary
/// files of `--output` and `--record` are removed, the old outputs kept, and the process exits
/// with 128 + the signal's number.
///
/// A live run (`--gpsd`) asks for SIGINT instead with ``onInterrupt(_:)``: the first SIGINT
/// then ends the run so it finishes with its summary; a second exits at once as above.
///
/// A live view asks with ``beforeExit(_:)`` to put the terminal back before such an exit.
///
/// The handlers run on a dispatch queue, not in signal context, so removing files is safe.
enum SignalCleanup {
  /// Keeps the signal sources alive for the life of the process.
  nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

  /// What the next SIGINT does instead of exiting, if anything.
  private static let interruptHandler = Mutex<(@Sendable () -> Void)?>(nil)

  /// What runs before a signal ends the process, if anything.
  private static let exitHandler = Mutex<(@Sendable () -> Void)?>(nil)

  /// Makes `handler` run before a signal ends the process (a live view puts the terminal
  /// back); `nil` removes it.
  static func beforeExit(_ handler: (@Sendable () -> Void)?) {
    exitHandler.withLock { $0 = handler }
  }

  /// Makes the next SIGINT call `handler` instead of exiting (once); `nil` restores the exit.
  static func onInterrupt(_ handler: (@Sendable () -> Void)?) {
    interruptHandler.withLock { $0 = handler }
  }

  /// Installs the handlers; call once, first thing.
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
    signal(SIGPIPE, SIG_IGN)
    for number in [SIGINT, SIGTERM, SIGHUP] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        if number == SIGINT, let handler = interruptHandler.withLock({ $0.take() }) {
          handler()
          return
        }
        exitHandler.withLock { $0.take() }?()
        TemporaryFiles.shared.removeAll()
        _exit(128 + number)
      }
      source.resume()
      sources.append(source)
    }
  }
}
