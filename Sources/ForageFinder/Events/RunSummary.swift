import ForageCoverage
import ForageProviders
import ForageSupport

/// The totals a run ends with, written as the last `summary` event.
public struct RunSummary: Sendable, Equatable {
  /// Fixes read from the track.
  public var fixes = 0
  /// Fixes delivered to the places middleware.
  public var fixesUsed = 0
  /// Fixes dropped by the location filter or the permission gate.
  public var fixesDropped = 0
  /// Fixes lost before they reached the finder (dropouts): `fixes` is always `fixesUsed +
  /// fixesDropped + fixesLost`.
  public var fixesLost = 0
  /// Fixes answered with places, from the network or the cache (`changes_only` may print
  /// fewer `places` events): always `cacheAnswers` + those from the network.
  public var answers = 0
  /// `places` events written.
  public var placesEvents = 0
  /// HTTP requests made to the places provider, retries and pages included.
  public var requests = 0
  /// Of ``requests``, how many each SKU bills, by its `ForageProviders/PlacesSKU/id`
  /// (`nearby_search_pro`, `free` for Overpass…), or `nil` when the provider's SKU is not known (then the summary has
  /// no `requests_by_sku` member). A SKU the run asked for and never sent is there with 0.
  public var requestsBySKU: [String: Int]?
  /// Fixes answered from the coverage cache with no request (stored answers included).
  public var cacheAnswers = 0
  /// Of ``cacheAnswers``, those answered from what a places cache file kept from earlier runs,
  /// or `nil` when there were none (then the summary has no `stored_answers` member).
  public var storedAnswers: Int?
  /// `error` events written.
  public var errors = 0
  /// Delivered fixes whose places search failed after every retry, so they have no answer
  /// (the summary has a `fixes_unanswered` member only when there are any).
  public var fixesUnanswered = 0
  /// Of ``fixesUnanswered``, those whose nearest places cannot be known exactly, however many
  /// searches are made: more places at one spot than one search returns (the summary has a
  /// `fixes_not_exact` member only when there are any).
  public var fixesNotExact = 0
  /// Delivered fixes left without an answer because a newer fix overtook their search (a paced
  /// replay or a live receiver moving faster than the API answers), or because the run ended
  /// while it ran: always `fixesUsed - answers - fixesUnanswered`, but 0 in a summary that is
  /// not ``isComplete`` (the summary has a `fixes_skipped` member only when there are any).
  public var fixesSkipped = 0
  /// What the notification middleware sent and dropped, or `nil` when the run had none (then
  /// the summary has no `notifications_*` members).
  public var notifications: NotificationTally?
  /// The notice the places data's licence requires (`PlacesProvider.attribution`),
  /// or `nil` when it has none (then the summary has no `attribution` member).
  public var attribution: String?
  /// Whether the summary ends the whole run; `false` when a replay stopped before the recorded
  /// run's end (``FinderAction/runCutShort(at:)``): the counts are those so far and `requests`
  /// is a lower bound (the summary then has `"complete": false`).
  public var isComplete = true

  /// The area the run's searches fully covered, when the output asked for it
  /// (``EventWriter/wantsCoverage``), for a map. Not part of the summary's JSON members: it can
  /// be large, and scripts have the `places` events.
  public var coverage: CoverageOutline?

  /// Creates an all-zero summary.
  public init() {}

  /// ``requestsBySKU`` for a person, by the bill's names (`Nearby Search Enterprise 12, free
  /// 0`), in id order, or `nil` without it (not escaped: an unknown id from a recording is
  /// shown as it is).
  public var billText: String? {
    requestsBySKU.map { bill in
      bill.sorted { $0.key < $1.key }.map { "\(PlacesSKU.name(ofID: $0.key)) \($0.value)" }
        .joined(separator: ", ")
    }
  }

  /// The JSON members of the `summary` event, in order.
  public func jsonMembers() -> [(String, JSONValue)] {
    var members: [(String, JSONValue)] = [
      ("fixes", .int(fixes)),
      ("fixes_used", .int(fixesUsed)),
      ("fixes_dropped", .int(fixesDropped)),
      ("fixes_lost", .int(fixesLost)),
      ("places_events", .int(placesEvents)),
      ("requests", .int(requests)),
    ]
    if let requestsBySKU {
      members.append(
        (
          "requests_by_sku",
          .object(requestsBySKU.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })
        )
      )
    }
    members += [
      ("answers", .int(answers)),
      ("cache_answers", .int(cacheAnswers)),
      ("errors", .int(errors)),
    ]
    if fixesUnanswered > 0 { members.append(("fixes_unanswered", .int(fixesUnanswered))) }
    if fixesNotExact > 0 { members.append(("fixes_not_exact", .int(fixesNotExact))) }
    if fixesSkipped > 0 { members.append(("fixes_skipped", .int(fixesSkipped))) }
    if let storedAnswers { members.append(("stored_answers", .int(storedAnswers))) }
    if let notifications {
      members += [
        ("notifications_sent", .int(notifications.sent)),
        ("notifications_dropped", .int(notifications.dropped)),
      ]
    }
    if !isComplete { members.append(("complete", .bool(false))) }
    if let attribution { members.append(("attribution", .string(attribution))) }
    return members
  }
}
