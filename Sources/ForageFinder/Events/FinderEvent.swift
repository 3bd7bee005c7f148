import ForagePlaceModel
import ForageSupport
import Foundation

/// One line of `forage run`'s NDJSON output.
///
/// Every event carries a sequence number from 0 and the time of the fix it belongs to (the
/// virtual clock's time for events between fixes), so the same inputs give the same bytes.
public struct FinderEvent: Sendable, Equatable {
  /// Where a `places` answer came from.
  public enum Source: String, Sendable, Equatable, CaseIterable {
    /// A request to the places provider.
    case network
    /// The coverage cache, with no request.
    case cache
    /// The coverage cache, with no request, from what a places cache file (`--places-cache`)
    /// kept from earlier runs: searches read from the file alone cover the answer's disk.
    case stored
  }

  /// What happened.
  public enum Payload: Sendable, Equatable {
    /// The location authorization changed (always reported once at start).
    case permission(status: String, accuracy: String)
    /// A fix was delivered.
    case location(fixIndex: Int, latitude: Double, longitude: Double, accuracy: Double?)
    /// The answer for a fix: the nearest places within the radius, nearest first.
    case places(
      fixIndex: Int,
      latitude: Double,
      longitude: Double,
      radius: Double,
      source: Source,
      places: [NearbyPlace]
    )
    /// A fix was not delivered, and why; the fix's position is kept for a map (the JSON event
    /// has no position: a dropped fix is not a place the user was known to be).
    case dropped(fixIndex: Int, reason: String, latitude: Double, longitude: Double)
    /// A fix was lost before it reached the finder (a dropout: the receiver had no location).
    case lost(fixIndex: Int)
    /// Something failed; `retrying` says whether the finder will try again.
    case error(kind: String, message: String, isRetrying: Bool)
    /// The last event: the run's totals.
    case summary(RunSummary)
  }

  /// The position in the stream, from 0.
  public var seq: Int
  /// The fix's time.
  public var time: Date
  /// Whether ``time`` was made up: the track gave the fix it comes from no time (written as
  /// `"time_estimated": true`).
  public var isTimeEstimated: Bool
  /// What happened.
  public var payload: Payload

  /// Creates an event.
  public init(seq: Int, time: Date, isTimeEstimated: Bool = false, payload: Payload) {
    self.seq = seq
    self.time = time
    self.isTimeEstimated = isTimeEstimated
    self.payload = payload
  }

  /// The event's name, the value of its `"event"` member.
  public var name: String {
    switch payload {
    case .permission: "permission"
    case .location: "location"
    case .places: "places"
    case .dropped: "dropped"
    case .lost: "lost"
    case .error: "error"
    case .summary: "summary"
    }
  }

  /// The event as a JSON object: `event`, `seq`, `time`, then the payload's members; the value
  /// of the line ``write(to:)`` writes.
  public func json() -> JSONValue { JSONValue.parsing(written: write(to:)) }
}
