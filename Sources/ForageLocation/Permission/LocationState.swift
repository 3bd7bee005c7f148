import ForageTracks
import Foundation

/// The permission / location-update state machine's state, in ForageStore terms.
public struct LocationState: Sendable, Equatable {
  /// The current authorization; CoreLocation always reports it once at start.
  public var authorization: AuthorizationStatus
  /// The current accuracy authorization.
  public var accuracy: AccuracyAuthorization
  /// Whether the initial authorization has been reported yet.
  public var hasReportedAuthorization = false
  /// Whether a permission prompt is on screen, waiting for the user.
  public var isPromptShowing = false
  /// Whether the app asked for location updates (`startUpdatingLocation`).
  public var wantsUpdates = false
  /// The filter that decides which fixes reach the app.
  public var filter: FixFilter
  /// The last fix delivered to the app.
  public var lastDelivered: Fix?
  /// The last decision, with the index of the fix it was about.
  public var lastDecision: IndexedDecision?
  /// Fixes the provider produced, delivered or not.
  public var fixesReceived = 0
  /// Fixes delivered to the app.
  public var fixesDelivered = 0
  /// Dropped fixes, by reason.
  public var drops: [DropReason: Int] = [:]
  /// Transient `locationUnknown` errors reported.
  public var transientErrors = 0
  /// Fixes received in a row earlier than the last delivered one, in its segment: the filter
  /// follows a new timeline after a few (``FixFilter/decide(_:after:now:accuracy:earlierRun:)``).
  public var earlierRun = 0

  /// Creates the state before anything was reported.
  ///
  /// - Parameters:
  ///   - authorization: The status before the initial report. Defaults to `.notDetermined`.
  ///   - accuracy: The accuracy before the initial report. Defaults to `.full`.
  ///   - filter: The fix filter.
  public init(
    authorization: AuthorizationStatus = .notDetermined,
    accuracy: AccuracyAuthorization = .full,
    filter: FixFilter = FixFilter()
  ) {
    self.authorization = authorization
    self.accuracy = accuracy
    self.filter = filter
  }

  /// Whether fixes flow: the app wants updates and is authorized.
  public var isUpdating: Bool { wantsUpdates && authorization.isAuthorized }

  /// All dropped fixes.
  public var fixesDropped: Int { drops.values.reduce(0, +) }
}

/// A filter decision about the fix at a given index of the track.
public struct IndexedDecision: Sendable, Hashable {
  /// The zero-based index of the fix in the provider's stream.
  public var index: Int
  /// What was decided.
  public var decision: FixDecision

  /// Creates a decision record.
  public init(index: Int, decision: FixDecision) {
    self.index = index
    self.decision = decision
  }
}
