extension StoreTour {
  /// A stand-in for the network that answers every pending request when told to, so the tour
  /// shows cancellation the same way on every run.
  ///
  /// An actor rather than a `Mutex`: ThreadSanitizer (`make tsan` runs the tour under it) sees
  /// how an actor hands its state between threads, while a contended `Mutex` hands over inside
  /// the kernel, where TSan cannot see it.
  actor Network {
    /// Whether requests are answered at once.
    private var isAnswering = false
    /// The requests waiting for ``answer()``.
    private var pending: [CheckedContinuation<Void, Never>] = []

    /// Waits until ``answer()`` has been called.
    func response() async {
      guard !isAnswering else { return }
      await withCheckedContinuation { pending.append($0) }
    }

    /// Answers every request, now and later.
    func answer() {
      isAnswering = true
      for continuation in pending { continuation.resume() }
      pending.removeAll()
    }
  }
}
