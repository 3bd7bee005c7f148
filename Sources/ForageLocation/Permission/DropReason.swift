/// Why a fix from the provider was not delivered to the app.
public enum DropReason: String, Sendable, Hashable, CaseIterable, Comparable {
  /// Updates are not authorized (not determined, restricted or denied) or not started.
  case notAuthorized = "not_authorized"
  /// The fix's horizontal accuracy is negative: CoreLocation's mark of an invalid fix.
  case invalid
  /// The fix is worse than the filter's accuracy limit.
  case lowAccuracy = "low_accuracy"
  /// The fix is older than the last delivered one, or older than the filter's maximum age.
  case stale
  /// Reaching the fix from the last delivered one needs an implausible speed.
  case implausibleJump = "implausible_jump"
  /// The fix is closer to the last delivered one than the distance filter allows.
  case distanceFilter = "distance_filter"
  /// With reduced accuracy, locations arrive rarely; this one came too soon after the last.
  case reducedAccuracyRate = "reduced_accuracy_rate"

  public static func < (lhs: DropReason, rhs: DropReason) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
