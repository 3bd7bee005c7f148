import ForageSupport
import ForageTracks
import Foundation

/// A location action as JSON object members, named by `"event"`:
///
/// | `event` | other members |
/// | --- | --- |
/// | `authorization_requested` | |
/// | `authorization_changed` | `status` (an ``AuthorizationStatus``), `accuracy` (`full`, `reduced`) |
/// | `updates_started`, `updates_stopped` | |
/// | `fix_received` | `index`, `fix` (a ``ForageTracks/Fix`` object), `received_at` (seconds since 1970, when known) |
/// | `location_unknown` | `index` |
///
/// The members go into the encoder's keyed container, so an enclosing value can write its own
/// members beside them in one object (`forage run --record` adds `"action"` and `"at"`).
extension LocationAction: Codable {
  /// The members' names, stable across versions.
  enum CodingKeys: String, CodingKey {
    case event
    case status
    case accuracy
    case index
    case fix
    case receivedAt = "received_at"
  }

  /// The `"event"` names, stable across versions.
  enum Event: String, CaseIterable {
    case authorizationRequested = "authorization_requested"
    case authorizationChanged = "authorization_changed"
    case updatesStarted = "updates_started"
    case updatesStopped = "updates_stopped"
    case fixReceived = "fix_received"
    case locationUnknown = "location_unknown"
  }

  /// Reads an action, refusing unknown events and impossible values.
  ///
  /// - Throws: `DecodingError` naming the member and what was expected.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    switch try container.decodeCase(Event.self, forKey: .event) {
    case .authorizationRequested: self = .authorizationRequested
    case .authorizationChanged:
      self = .authorizationChanged(
        try container.decodeCase(AuthorizationStatus.self, forKey: .status),
        try container.decodeCase(AccuracyAuthorization.self, forKey: .accuracy)
      )
    case .updatesStarted: self = .updatesStarted
    case .updatesStopped: self = .updatesStopped
    case .fixReceived:
      self = .fixReceived(
        index: try container.decode(Int.self, forKey: .index, atLeast: 0),
        fix: try container.decode(Fix.self, forKey: .fix),
        receivedAt: try container.decodeIfPresent(
          Double.self,
          forKey: .receivedAt,
          in: Date.representableSeconds
        ).map { Date(timeIntervalSince1970: $0) }
      )
    case .locationUnknown:
      self = .locationUnknown(index: try container.decode(Int.self, forKey: .index, atLeast: 0))
    }
  }

  /// Writes the action's members.
  ///
  /// - Throws: `EncodingError` for a value JSON cannot hold (not a number, infinite).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .authorizationRequested:
      try container.encode(Event.authorizationRequested.rawValue, forKey: .event)
    case .authorizationChanged(let status, let accuracy):
      try container.encode(Event.authorizationChanged.rawValue, forKey: .event)
      try container.encode(status.rawValue, forKey: .status)
      try container.encode(accuracy.rawValue, forKey: .accuracy)
    case .updatesStarted:
      try container.encode(Event.updatesStarted.rawValue, forKey: .event)
    case .updatesStopped:
      try container.encode(Event.updatesStopped.rawValue, forKey: .event)
    case .fixReceived(let index, let fix, let receivedAt):
      try container.encode(Event.fixReceived.rawValue, forKey: .event)
      try container.encode(index, forKey: .index)
      try container.encode(fix, forKey: .fix)
      try container.encodeIfPresent(receivedAt?.timeIntervalSince1970, forKey: .receivedAt)
    case .locationUnknown(let index):
      try container.encode(Event.locationUnknown.rawValue, forKey: .event)
      try container.encode(index, forKey: .index)
    }
  }
}
