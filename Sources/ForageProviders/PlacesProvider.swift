import ForagePlaceModel

/// A Places API wire format: Google's legacy Nearby Search, Places API (New), or another.
///
/// Callers (the places middleware, the CLI) talk to this protocol only, so a new wire format
/// plugs in without changing them.
public protocol PlacesProvider: Sendable {
  /// What the API can do and what it costs, each fact stated once: its cap, its page size,
  /// keywords and types, hours, whether a search within a radius is complete, its bill.
  var capabilities: PlacesProviderCapabilities { get }

  /// The notice the data's licence requires wherever it is shown, such as OpenStreetMap's;
  /// `nil` by default (none).
  var attribution: String? { get }

  /// Fetches the first page of a search.
  ///
  /// - Parameter search: What to look for.
  /// - Returns: The first page and, when more results exist, the token for the next.
  /// - Throws: ``PlacesError``; retryable failures have already been retried per the
  ///   provider's policy.
  func searchNearby(_ search: NearbySearch) async throws(PlacesError) -> PlacesPage

  /// Fetches the page a token names, waiting first if the token is not valid yet.
  ///
  /// - Parameter token: The token from the previous page.
  /// - Returns: The next page.
  /// - Throws: ``PlacesError``.
  func nextPage(_ token: PageToken) async throws(PlacesError) -> PlacesPage

  /// Whether a token received earlier may still name its page now, so that a search can fetch
  /// its next page later, when it turns out to be needed; `true` by default.
  func mayStillUse(_ token: PageToken) -> Bool
}

extension PlacesProvider {
  public var attribution: String? { nil }

  public func mayStillUse(_ token: PageToken) -> Bool { true }

  /// Fetches every page of a search, up to `limit` places, without duplicates.
  ///
  /// - Parameters:
  ///   - search: What to look for.
  ///   - limit: The most places wanted; `nil` for the cap
  ///     (``PlacesProviderCapabilities/resultLimit``).
  ///   - onPage: Told of every page as it arrives (its notices, its skipped results).
  /// - Returns: The places, best first.
  /// - Throws: ``PlacesError`` from any page.
  public func searchAllPages(
    _ search: NearbySearch,
    limit: Int? = nil,
    onPage: (PlacesPage) -> Void = { _ in }
  ) async throws(PlacesError) -> [Place] {
    let cap = capabilities.resultLimit
    let limit = min(limit ?? cap, cap)
    var page = try await searchNearby(search)
    var places: [Place] = []
    var seen = Set<String>()
    // A misbehaving server could hand out tokens forever, or the same one again.
    var budget = PageBudget(for: self)
    while true {
      onPage(page)
      for place in page.places where places.count < limit && seen.insert(place.id).inserted {
        places.append(place)
      }
      guard places.count < limit, let token = page.nextPageToken, try budget.admit(token) else {
        return places
      }
      page = try await nextPage(token)
    }
  }
}
