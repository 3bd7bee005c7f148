import ForageProviders
import Synchronization

/// How many places one search returns at most: the provider's cap, or one page once the API has
/// refused page tokens. K above it is answered from the union of searches (``GapFiller``), so
/// an answer is never the K nearest of places that searches happened to return.
final class SearchCap: Sendable {
  let capabilities: PlacesProviderCapabilities

  private let pagesRefused = Mutex(false)

  /// Creates the cap of a provider whose page tokens have not been refused.
  init(_ capabilities: PlacesProviderCapabilities) {
    self.capabilities = capabilities
  }

  /// Whether the API never accepted a page token however long the provider waited: searches
  /// then end with their first page.
  var arePagesRefused: Bool { pagesRefused.withLock { $0 } }

  /// Notes that the API never accepted a page token.
  func notePagesRefused() {
    pagesRefused.withLock { $0 = true }
  }

  /// The most places one search returns now.
  var resultLimit: Int {
    let cap = capabilities.resultLimit
    return arePagesRefused ? min(cap, PageBudget.pageSize) : cap
  }

  /// Whether K is more than one search returns now: no one search answers a fix, the union of
  /// several does.
  func isBeyond(_ query: PlacesQuery) -> Bool {
    query.limit > resultLimit
  }
}
