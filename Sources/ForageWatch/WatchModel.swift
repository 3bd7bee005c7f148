import ForageFinder
import ForagePlaceModel
import ForageTracks
import Foundation

/// What the watch view shows, kept up to date from the store's snapshots: the current fix, the
/// nearest places with the ones that just entered and the ones that left, and the totals.
///
/// It changes only through ``apply(_:)``, so the same snapshots give the same model.
public struct WatchModel: Sendable {
  /// Where the user is, as far as the finder knows.
  public enum FixStatus: Sendable, Equatable {
    /// No fix has come yet.
    case none
    /// A fix was delivered: its index, time and position.
    case fix(index: Int, time: Date, latitude: Double, longitude: Double, accuracy: Double?)
    /// The receiver had no location for this fix (a dropout, or gpsd's no-fix report).
    case lost(index: Int, time: Date)
    /// The fix came but was not delivered, and why.
    case dropped(index: Int, time: Date, reason: String)
  }

  /// A place in the view: nearest ones from the last answer, and ones that left it.
  public struct Row: Sendable, Equatable {
    /// The place and its distance when it was last in an answer.
    public var place: NearbyPlace
    /// When it entered the answer (rows of the answer), or left it (rows that left).
    public var since: Date
  }

  /// How long, in track time, a place that entered is marked as new.
  public static let markedFor: TimeInterval = 20
  /// How long, in track time, a place that left is still shown, fading.
  public static let fadingFor: TimeInterval = 20
  /// The most places that left shown at once.
  public static let mostDeparted = 5

  /// The current fix's status.
  public var fix = FixStatus.none
  /// The last fix delivered (its speed and accuracy), if any.
  public var lastFix: Fix?
  /// The location permission and its accuracy, as the last permission event said.
  public var permission: (status: String, accuracy: String)?
  /// The last answer's places, nearest first, with when each entered.
  public var nearest: [Row] = []
  /// The position the last answer was searched from (bearings are measured from it).
  public var origin: (latitude: Double, longitude: Double)?
  /// Where the last answer came from.
  public var source: FinderEvent.Source?
  /// The fix the last answer is for.
  public var answeredFix: Int?
  /// Places that left the answer recently, the latest first, with when each left.
  public var departed: [Row] = []
  /// The track time of the last event.
  public var now = Date(timeIntervalSince1970: 0)
  /// Answers so far.
  public var answers = 0
  /// Answers from the coverage cache or the places cache file.
  public var cacheAnswers = 0
  /// Errors so far.
  public var errors = 0
  /// The failure being retried now, if any.
  public var retrying: String?
  /// The last failure that was not retried, if any.
  public var lastError: String?
  /// The notice the places data asks to be shown with it.
  public var attribution: String?
  /// The run's totals once it has finished.
  public var summary: RunSummary?

  /// Creates an empty model: no fix, no places.
  public init() {}

  /// Whether the place `row` shows entered within ``markedFor``.
  public func isNew(_ row: Row) -> Bool {
    now.timeIntervalSince(row.since) < Self.markedFor
  }

  /// Takes the changes a snapshot brings.
  public mutating func apply(_ snapshot: WatchSnapshot) {
    lastFix = snapshot.lastFix
    answers = snapshot.answers
    cacheAnswers = snapshot.cacheAnswers
    attribution = snapshot.attribution
    for event in snapshot.events { apply(event) }
  }

  private mutating func apply(_ event: FinderEvent) {
    now = max(now, event.time)
    switch event.payload {
    case .permission(let status, let accuracy):
      permission = (status, accuracy)
    case .location(let index, let latitude, let longitude, let accuracy):
      fix = .fix(
        index: index,
        time: event.time,
        latitude: latitude,
        longitude: longitude,
        accuracy: accuracy
      )
    case .places(let index, let latitude, let longitude, _, let source, let places):
      answer(places, at: event.time)
      answeredFix = index
      origin = (latitude, longitude)
      self.source = source
      retrying = nil
    case .dropped(let index, let reason, _, _):
      fix = .dropped(index: index, time: event.time, reason: reason)
    case .lost(let index):
      fix = .lost(index: index, time: event.time)
    case .error(let kind, let message, let isRetrying):
      errors += 1
      let text = "\(kind): \(message)"
      if isRetrying {
        retrying = text
      } else {
        retrying = nil
        lastError = text
      }
    case .summary(let totals):
      summary = totals
    }
    departed.removeAll { now.timeIntervalSince($0.since) >= Self.fadingFor }
  }

  /// Replaces the nearest places with an answer's, noting which entered and which left.
  private mutating func answer(_ places: [NearbyPlace], at time: Date) {
    let entered = Dictionary(nearest.map { ($0.place.id, $0.since) }) { first, _ in first }
    let ids = Set(places.map(\.id))
    let left = nearest.filter { !ids.contains($0.place.id) }.map {
      Row(place: $0.place, since: time)
    }
    departed.removeAll { ids.contains($0.place.id) }
    departed.insert(contentsOf: left, at: 0)
    if departed.count > Self.mostDeparted {
      departed.removeLast(departed.count - Self.mostDeparted)
    }
    nearest = places.map { Row(place: $0, since: entered[$0.id] ?? time) }
  }
}
