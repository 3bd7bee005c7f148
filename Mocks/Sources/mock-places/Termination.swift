import Foundation
import NIOCore
import NIOPosix

#if canImport(Glibc)
  import Glibc
#endif

/// The write end of the pipe the signal handler writes to; set once before the handler exists.
nonisolated(unsafe) private var terminationPipeWriteEnd: Int32 = -1

/// Catches SIGINT and SIGTERM so the server can stop cleanly and exit 0.
///
/// Uses the self-pipe trick: the C signal handler only `write`s one byte (async-signal-safe), and
/// NIO watches the pipe's read end on an event loop (a ``SignalPipeHandler``), so no thread waits
/// for it. This works whichever thread the kernel delivers the signal to, and also when the shell
/// started the process with SIGINT ignored.
struct Termination {
  private let signalled: EventLoopFuture<Void>
  private let watcher: any Channel

  /// Installs the handlers. Call it before announcing the server, so no signal is missed.
  ///
  /// - Returns: The waiter, or `nil` when no pipe could be made or watched.
  static func install() async -> Termination? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    let group = MultiThreadedEventLoopGroup.singleton
    let signalled = group.any().makePromise(of: Void.self)
    let watcher: any Channel
    do {
      watcher = try await NIOPipeBootstrap(group: group)
        .channelInitializer { channel in
          channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(SignalPipeHandler(signalled))
          }
        }
        .takingOwnershipOfDescriptor(input: ends[0])
        .get()
    } catch {
      close(ends[0])
      close(ends[1])
      return nil
    }
    terminationPipeWriteEnd = ends[1]
    for number in [SIGINT, SIGTERM] {
      _ = signal(number) { _ in
        var byte: UInt8 = 1
        _ = write(terminationPipeWriteEnd, &byte, 1)
      }
    }
    return Termination(signalled: signalled.futureResult, watcher: watcher)
  }

  /// Returns once the process has received SIGINT or SIGTERM (even before this call).
  func wait() async {
    try? await signalled.get()
    try? await watcher.close()
  }
}
