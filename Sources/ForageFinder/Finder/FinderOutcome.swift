/// How a finder run ended.
public struct FinderOutcome: Sendable, Equatable {
  /// The run's totals.
  public var summary: RunSummary
  /// The failure that stopped the run early (a denied key, an unreachable API), if any.
  public var fatalFailure: PlacesFailure?
}
