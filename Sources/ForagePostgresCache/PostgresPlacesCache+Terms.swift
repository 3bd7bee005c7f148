import ForageFinder

extension PostgresPlacesCache {
  /// The longest time the terms of the API behind `scope` let a cache keep its answers, or
  /// `nil` for no limit.
  ///
  /// Google (Nearby Search, Places API (New), and mocks of them) lets latitude and longitude be
  /// kept at most 30 consecutive days (place IDs are exempt, but a search's coverage and its
  /// places' coordinates are not); OpenStreetMap's data (Overpass) is ODbL, with no limit.
  public static func longestTimeToLive(for scope: PlacesCacheScope) -> Duration? {
    scope.api.hasPrefix("overpass") ? nil : defaultTimeToLive
  }

  /// Refuses a scope whose API's terms do not let this cache keep its answers for
  /// ``timeToLive``.
  ///
  /// - Throws: ``PostgresPlacesCacheError/Kind/outlivesTerms``, with the reason.
  func checkTerms(for scope: PlacesCacheScope) throws(PostgresPlacesCacheError) {
    guard let longest = Self.longestTimeToLive(for: scope), timeToLive > longest else { return }
    let days = Int(longest.seconds / 86_400)
    throw PostgresPlacesCacheError(
      .outlivesTerms,
      location: location.description,
      reason: "a cache kept for \(Int(timeToLive.seconds / 86_400)) days outlives the terms of "
        + "\(scope.api.split(separator: " ").first.map(String.init) ?? scope.api), which let "
        + "coordinates be kept at most \(days) days; keep it \(days) days or less"
    )
  }
}
