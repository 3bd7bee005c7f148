import NIOCore

/// Runs a task's jobs on a NIO event loop.
///
/// The server runs its `async` handlers with this executor preferred, on the event loop of the
/// connection they answer, so that they never wait for a thread of Swift's cooperative pool:
/// that pool may be busy with synchronous tests that are themselves waiting on this server.
/// Nothing blocks; each job is one event loop task.
final class EventLoopTaskExecutor: TaskExecutor {
  /// The event loop the jobs run on.
  let eventLoop: any EventLoop

  /// Creates an executor running jobs on `eventLoop`.
  init(_ eventLoop: any EventLoop) {
    self.eventLoop = eventLoop
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    eventLoop.execute {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
    }
  }
}
