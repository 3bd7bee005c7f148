import Foundation

/// Runs a handler's task on the connection thread that waits for it.
///
/// Handlers are `async`, but a connection thread must block until the response exists. Running
/// the task on the Swift cooperative pool would deadlock when that pool is itself blocked (for
/// example by synchronous tests waiting on this server), so the task prefers this executor,
/// whose jobs run on the waiting thread. Work the handler sends to other actors still runs there.
final class ConnectionExecutor: TaskExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var isFinished = false

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Marks the awaited work done and wakes ``runUntilFinished()``.
  func finish() {
    condition.lock()
    isFinished = true
    condition.signal()
    condition.unlock()
  }

  /// Runs enqueued jobs on the calling thread until ``finish()`` is called.
  func runUntilFinished() {
    while true {
      condition.lock()
      while jobs.isEmpty && !isFinished { condition.wait() }
      if jobs.isEmpty && isFinished {
        isFinished = false
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
