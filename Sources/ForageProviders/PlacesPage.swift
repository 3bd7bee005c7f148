import ForagePlaceModel

/// One page of search results.
public struct PlacesPage: Sendable, Hashable {
  /// The places on this page, best first.
  public var places: [Place]
  /// The token for the next page, or `nil` when this is the last.
  public var nextPageToken: PageToken?
  /// Results on the page that could not be used and are not in ``places``: an impossible
  /// coordinate (a latitude of 999, not a number), no id, or not the wire format's shape.
  /// Callers count them, so that nothing is dropped in silence.
  public var skippedResults: Int
  /// The notices the answer carried about its data (`AttributionNotice`), as plain text,
  /// each once, in the order received: what the API asks to be shown with its places.
  public var notices: [String]

  /// Creates a page.
  public init(
    places: [Place],
    nextPageToken: PageToken? = nil,
    skippedResults: Int = 0,
    notices: [String] = []
  ) {
    self.places = places
    self.nextPageToken = nextPageToken
    self.skippedResults = skippedResults
    var seen = Set<String>()
    self.notices = notices.filter { seen.insert($0).inserted }
  }
}
