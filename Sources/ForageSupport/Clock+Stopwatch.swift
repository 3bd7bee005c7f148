extension Clock where Duration == Swift.Duration {
  /// Starts measuring time on this clock.
  ///
  /// Works on an `any Clock<Duration>`, whose instants cannot be subtracted directly: code that
  /// needs "how long since" (a retry budget, a page token's age) keeps the returned function.
  ///
  /// - Returns: A function giving the time elapsed on this clock since the call.
  public func startStopwatch() -> @Sendable () -> Duration {
    let start = now
    return { start.duration(to: self.now) }
  }
}
