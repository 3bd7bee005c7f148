import ForageFinder
import ForagePlaces

/// The warning for a run whose K leaves the coverage cache nothing to answer with: near the
/// provider's cap, a search knows little beyond the K nearest places of the fix that asked, so
/// almost every fix costs a search (above the provider's
/// ``ForagePlaces/PlacesProviderCapabilities/largestCachedLimit``).
enum CacheLimitWarning {
  /// The warning line, without its `warning: ` prefix, or `nil` when the cache helps (or is not
  /// used: `--query-policy every-fix`).
  ///
  /// - Parameters:
  ///   - limit: K, the places asked for at every fix.
  ///   - provider: The wire format.
  ///   - policy: When the run spends a request.
  static func line(
    limit: Int,
    provider: PlacesProviderName,
    policy: QueryPolicy
  ) -> String? {
    let capabilities = provider.capabilities
    let largest = capabilities.largestCachedLimit
    guard policy != .everyFix, limit > largest else { return nil }
    let pages = capabilities.resultLimit / capabilities.pageSize
    let what =
      pages > 1 ? "a search (\(pages) requests of \(capabilities.pageSize))" : "a request"
    let effect =
      limit >= capabilities.resultLimit
      ? "cannot answer later fixes" : "can seldom answer later fixes"
    return "with --limit \(limit), \(capabilities.displayName) returns at most "
      + "\(capabilities.resultLimit) places \(what), so the cache \(effect); "
      + "--limit \(largest) or less lets it"
  }
}
