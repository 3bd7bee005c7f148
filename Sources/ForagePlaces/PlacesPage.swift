/// One page of search results.
public struct PlacesPage: Sendable, Hashable {
  /// The places on this page, best first.
  public var places: [Place]
  /// The token for the next page, or `nil` when this is the last.
  public var nextPageToken: PageToken?

  /// Creates a page.
  public init(places: [Place], nextPageToken: PageToken? = nil) {
    self.places = places
    self.nextPageToken = nextPageToken
  }
}
