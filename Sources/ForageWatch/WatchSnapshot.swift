import ForageFinder
import ForageTracks

/// What the watch view selects from the finder's state at each action: the events the action
/// produced, the fix last delivered, and the running totals.
public struct WatchSnapshot: Sendable, Equatable {
  /// The events the last action produced.
  public var events: [FinderEvent]
  /// The last fix delivered to the app, with its speed and accuracy.
  public var lastFix: Fix?
  /// Answers so far, and how many of them came from the cache.
  public var answers: Int
  /// Answers that came from the coverage cache (or the places cache file).
  public var cacheAnswers: Int
  /// The notice the places data asks to be shown with it.
  public var attribution: String?

  /// The snapshot of `state`.
  public init(_ state: FinderState) {
    self.init(
      events: state.outbox,
      lastFix: state.location.lastDelivered,
      answers: state.summary.answers,
      cacheAnswers: state.summary.cacheAnswers,
      attribution: state.summary.attribution
    )
  }

  /// A snapshot of the given parts.
  public init(
    events: [FinderEvent],
    lastFix: Fix? = nil,
    answers: Int = 0,
    cacheAnswers: Int = 0,
    attribution: String? = nil
  ) {
    self.events = events
    self.lastFix = lastFix
    self.answers = answers
    self.cacheAnswers = cacheAnswers
    self.attribution = attribution
  }
}
