import ForageLocation
import Foundation

/// The finder's whole state: the location machine, what was answered, the totals, and the
/// events the last action produced (which the output writer, a subscriber, prints).
public struct FinderState: Sendable, Equatable {
  /// The permission / location-update state machine.
  public var location: LocationState
  /// What is searched at every fix.
  public var query: PlacesQuery
  /// Whether `places` events are written only when the list of places changes.
  public var isChangesOnly: Bool
  /// The replay clock's time of the last action.
  public var now: Date
  /// Whether ``now`` comes from a fix whose time the track reader made up
  /// (`Fix.isTimeEstimated`): the events stamped with it say so.
  public var isTimeEstimated = false
  /// The sequence number the next event gets.
  public var nextSeq = 0
  /// The events the last action produced, in order.
  public var outbox: [FinderEvent] = []
  /// The totals so far.
  public var summary = RunSummary()
  /// The newest fix answered; a late answer for an older fix is ignored.
  public var lastAnsweredFix: Int?
  /// The ids of the last answer written, for `--changes-only`.
  public var lastAnswerIDs: [String]?
  /// A failure after which the run cannot go on (a denied key), if one happened.
  public var fatalFailure: PlacesFailure?
  /// Whether the run has finished.
  public var isFinished = false

  /// Creates the state at the start of a run.
  ///
  /// - Parameters:
  ///   - query: What is searched at every fix.
  ///   - filter: The location fix filter.
  ///   - isChangesOnly: Whether unchanged answers are left out of the output.
  ///   - start: The time before the first event.
  ///   - attribution: The notice the places data's licence requires, written in the summary.
  public init(
    query: PlacesQuery = PlacesQuery(),
    filter: FixFilter = FixFilter(),
    isChangesOnly: Bool = false,
    start: Date = Date(timeIntervalSince1970: 0),
    attribution: String? = nil
  ) {
    location = LocationState(filter: filter)
    self.query = query
    self.isChangesOnly = isChangesOnly
    now = start
    summary.attribution = attribution
  }

  /// Appends an event stamped with the next sequence number and the current time.
  mutating func emit(_ payload: FinderEvent.Payload) {
    outbox.append(
      FinderEvent(seq: nextSeq, time: now, isTimeEstimated: isTimeEstimated, payload: payload)
    )
    nextSeq += 1
    if case .error = payload { summary.errors += 1 }
    if case .places = payload { summary.placesEvents += 1 }
  }
}
