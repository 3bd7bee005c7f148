import ForageGeodesy
import ForagePlaceModel
import ForageProviders

/// Tells the run what a search's pages said besides their places: notices about the data and
/// results that could not be used (an API that never accepted a page token is noted in the
/// ``SearchCap``).
struct SearchNotes: Sendable {
  /// Told how many results of a page could not be used (``ForageProviders/PlacesPage/skippedResults``
  /// and places whose position is not a coordinate), when there are any.
  var onSkipped: @Sendable (Int) -> Void = { _ in }

  /// Told the notices an answer carried about its data (``ForageProviders/PlacesPage/notices``),
  /// when it carried any.
  var onNotices: @Sendable ([String]) -> Void = { _ in }

  /// Tells ``onNotices`` of the page's notices about its data, and ``onSkipped`` of its results
  /// that cannot be used.
  func note(_ page: PlacesPage) {
    if !page.notices.isEmpty { onNotices(page.notices) }
    let skipped = unusableCount(of: page)
    if skipped > 0 { onSkipped(skipped) }
  }

  /// The results of `page` that cannot be used: those the provider could not read
  /// (``ForageProviders/PlacesPage/skippedResults``), places whose position is not a
  /// coordinate, and places whose id an earlier result of the page has (the search keeps the
  /// first; a second was left out without a word).
  func unusableCount(of page: PlacesPage) -> Int {
    var ids = Set<String>()
    return page.skippedResults
      + page.places.count { !Self.isUsable($0) || !ids.insert($0.id).inserted }
  }

  /// Whether a place's position is a coordinate.
  private static func isUsable(_ place: Place) -> Bool {
    (try? Coordinate(latitude: place.coordinate.latitude, longitude: place.coordinate.longitude))
      != nil
  }
}
