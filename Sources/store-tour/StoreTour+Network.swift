import Synchronization

extension StoreTour {
  /// A stand-in for the network that answers every pending request when told to, so the tour
  /// shows cancellation the same way on every run.
  final class Network: Sendable {
    /// What the mutex guards.
    private struct Requests {
      var isAnswering = false
      var pending: [CheckedContinuation<Void, Never>] = []
    }

    private let requests = Mutex(Requests())

    /// Waits until ``answer()`` has been called.
    func response() async {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let now = requests.withLock { requests in
          if requests.isAnswering { return true }
          requests.pending.append(continuation)
          return false
        }
        if now { continuation.resume() }
      }
    }

    /// Answers every request, now and later.
    func answer() {
      let waiting = requests.withLock { requests in
        requests.isAnswering = true
        defer { requests.pending.removeAll() }
        return requests.pending
      }
      for continuation in waiting { continuation.resume() }
    }
  }
}
