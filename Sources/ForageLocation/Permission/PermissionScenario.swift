import Foundation

/// What the simulated user and system do about location permission during a replay.
///
/// A scenario has an initial status (always reported first), the user's answer to the prompt,
/// and changes made in Settings at a time or at a fix.
public struct PermissionScenario: Sendable, Equatable {
  /// When a scheduled change happens.
  public enum Moment: Sendable, Hashable {
    /// Just before the fix with this zero-based index arrives.
    case fix(Int)
    /// This long after the replay starts (virtual or real time).
    case elapsed(Duration)
  }

  /// A change the user makes in Settings during the replay.
  public struct Change: Sendable, Equatable {
    /// When it happens.
    public var moment: Moment
    /// The new status.
    public var status: AuthorizationStatus
    /// The new accuracy.
    public var accuracy: AccuracyAuthorization

    /// Creates a change.
    public init(at moment: Moment, status: AuthorizationStatus, accuracy: AccuracyAuthorization) {
      self.moment = moment
      self.status = status
      self.accuracy = accuracy
    }
  }

  /// The status reported at start.
  public var initialStatus: AuthorizationStatus
  /// The accuracy reported at start.
  public var initialAccuracy: AccuracyAuthorization
  /// The user's answer when prompted (only asked from `.notDetermined`).
  public var promptAnswer: AuthorizationStatus
  /// The accuracy the user grants with a positive answer.
  public var promptAccuracy: AccuracyAuthorization
  /// Changes in Settings, in the order given.
  public var changes: [Change]

  /// Creates a scenario.
  public init(
    initialStatus: AuthorizationStatus,
    initialAccuracy: AccuracyAuthorization = .full,
    promptAnswer: AuthorizationStatus = .authorizedWhenInUse,
    promptAccuracy: AccuracyAuthorization = .full,
    changes: [Change] = []
  ) {
    self.initialStatus = initialStatus
    self.initialAccuracy = initialAccuracy
    self.promptAnswer = promptAnswer
    self.promptAccuracy = promptAccuracy
    self.changes = changes
  }

  /// Already authorized when in use, full accuracy: the default.
  public static let granted = PermissionScenario(initialStatus: .authorizedWhenInUse)

  /// The changes due before the fix at `index` arrives at `elapsed` since the start, which have
  /// not been applied yet (those with an index in `applied`).
  ///
  /// - Returns: The indices into ``changes`` that are now due, in order.
  public func dueChanges(beforeFix index: Int, elapsed: Duration, applied: Set<Int>) -> [Int] {
    changes.indices.filter { position in
      guard !applied.contains(position) else { return false }
      switch changes[position].moment {
      case .fix(let fix): return fix <= index
      case .elapsed(let offset): return offset <= elapsed
      }
    }
  }

  /// The action the system dispatches when the user answers the prompt.
  public var promptAnswerAction: LocationAction {
    .authorizationChanged(
      promptAnswer,
      promptAnswer.isAuthorized ? promptAccuracy : initialAccuracy
    )
  }
}
