/// How the notifications of a run went: the summary's `notifications_sent` and
/// `notifications_dropped`.
public struct NotificationTally: Sendable, Equatable {
  /// Notifications the receiver accepted (a 2xx answer), retries included.
  public var sent: Int
  /// Notifications never accepted: the queue was full, every attempt failed, or the run ended
  /// before they could be sent.
  public var dropped: Int

  /// Creates a tally.
  public init(sent: Int = 0, dropped: Int = 0) {
    self.sent = sent
    self.dropped = dropped
  }
}
