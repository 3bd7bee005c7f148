import ForagePlaceModel

/// A Places API wire format: Google's legacy Nearby Search, Places API (New), or another.
///
/// Callers (the places middleware, the CLI) talk to this protocol only, so a new wire format
/// plugs in without changing them.
public protocol PlacesProvider: Sendable {
  /// The most results one search can yield over all its pages (60 for Nearby Search).
  var resultLimit: Int { get }

  /// Whether a search ranked by prominence returns every matching place within its radius, in
  /// one page and uncapped (Overpass): the places engine then searches the radius and knows the
  /// whole disk. `false` by default: such APIs cap their answers, and are asked nearest first.
  var isCompleteWithinRadius: Bool { get }

  /// Whether its places carry opening hours when the data has them (Places API (New)'s
  /// `regularOpeningHours`, OpenStreetMap's `opening_hours`); `false` by default, as for
  /// Google's legacy Nearby Search, whose answers have only `open_now`.
  var givesOpeningHours: Bool { get }

  /// The notice the data's licence requires wherever it is shown, such as OpenStreetMap's;
  /// `nil` by default (none).
  var attribution: String? { get }

  /// What each request it sends is billed as (``PlacesSKU``), for the run summary's
  /// `requests_by_sku`; `nil` by default (not known: a test double).
  var sku: PlacesSKU? { get }

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
  public var isCompleteWithinRadius: Bool { false }

  public var givesOpeningHours: Bool { false }

  public var attribution: String? { nil }

  public var sku: PlacesSKU? { nil }

  public func mayStillUse(_ token: PageToken) -> Bool { true }

  /// Fetches every page of a search, up to `limit` places, without duplicates.
  ///
  /// - Parameters:
  ///   - search: What to look for.
  ///   - limit: The most places wanted; `nil` for ``resultLimit``.
  ///   - onPage: Told of every page as it arrives (its notices, its skipped results).
  /// - Returns: The places, best first.
  /// - Throws: ``PlacesError`` from any page.
  public func searchAllPages(
    _ search: NearbySearch,
    limit: Int? = nil,
    onPage: (PlacesPage) -> Void = { _ in }
  ) async throws(PlacesError) -> [Place] {
    let limit = min(limit ?? resultLimit, resultLimit)
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
