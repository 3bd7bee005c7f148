import ForageGeodesy
import ForagePlaceModel
import ForageProviders

/// A nearest-first search that stopped fetching pages as soon as the fix it was made for could
/// be answered, the receiver standing still: where it was made, what it found, and the token for
/// its next page, which is fetched only when a later fix needs it (``PlacesEngine``).
///
/// Each page is a billed request. A receiver standing still needs only the first page or two;
/// if it starts moving, it needs the later pages once it walks out of what the first covered.
struct PausedSearch: Sendable {
  /// Where the search was made.
  var centre: Coordinate
  /// How far from ``centre`` the search was meant to be complete (R, or what its plan counted
  /// on): pages are fetched no further than that.
  var reach: Double
  /// Every place found so far, nearest first.
  var found: [Place] = []
  /// The ids of ``found``.
  var seen: Set<String> = []
  /// The notices its pages carried, each once.
  var notices: [String] = []
  /// The token for the next page, already admitted by ``budget``; `nil` while a page is being
  /// taken in.
  var nextPageToken: PageToken?
  /// The pages it may still fetch.
  var budget: PageBudget

  /// Creates a search at `centre` meant to be complete within `reach`.
  init(centre: Coordinate, reach: Double, budget: PageBudget) {
    self.centre = centre
    self.reach = reach
    self.budget = budget
  }

  /// Adds a page's places and notices, and returns the places it had not found before.
  mutating func take(_ page: PlacesPage) -> [Place] {
    notices += page.notices.filter { !notices.contains($0) }
    var fresh: [Place] = []
    for place in page.places where seen.insert(place.id).inserted {
      found.append(place)
      fresh.append(place)
    }
    return fresh
  }

  /// Whether fetching its next page may help a fix at `fix` that needs the disk of radius
  /// `needed` known: that disk reaches into the disk the search was meant to complete, so its
  /// next pages (which a search that never paused would have fetched anyway) may cover part of
  /// it, the rest being known from other searches.
  func mayCover(_ fix: Coordinate, needed: Double) -> Bool {
    Geodesic.distance(centre, fix) < reach + needed
  }
}
