/// Bounds the pages one search fetches, so that a server handing out page tokens forever, or
/// the same token again, costs a few requests instead of a run without end.
///
/// A search may fetch at most as many pages as its provider's cap needs at 20 results a page
/// (Nearby Search: 3), and never the same token twice.
public struct PageBudget: Sendable {
  /// The most pages one search fetches, the first included.
  public let maximumPages: Int
  private var pages = 1
  private var tokens: Set<String> = []

  /// A budget for a provider's searches.
  public init(for provider: some PlacesProvider) {
    let limit = provider.capabilities.resultLimit
    self.init(maximumPages: limit / Self.pageSize + (limit % Self.pageSize == 0 ? 0 : 1))
  }

  /// A budget of `maximumPages` pages (at least one).
  public init(maximumPages: Int) {
    self.maximumPages = max(1, min(maximumPages, Self.mostPages))
  }

  /// The results a full page holds in every wire format that pages.
  public static let pageSize = 20
  /// The most pages any search fetches, whatever its provider's cap.
  public static let mostPages = 3

  /// Whether the page `token` names may be fetched; counts it when it may.
  ///
  /// - Returns: `false` when the search has had its pages: it ends with what it has.
  /// - Throws: ``PlacesError/malformedResponse(_:)`` when the server sent a token this search
  ///   already used: its paging goes round in circles.
  public mutating func admit(_ token: PageToken) throws(PlacesError) -> Bool {
    guard tokens.insert(token.value).inserted else {
      throw .malformedResponse("the API sent a next_page_token it had already sent")
    }
    guard pages < maximumPages else { return false }
    pages += 1
    return true
  }
}
