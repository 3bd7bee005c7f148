import ForageFinder

/// The warning for a run whose K leaves the coverage cache nothing to answer with: near the
/// provider's cap, a search knows little beyond the K nearest places of the fix that asked, so
/// almost every fix costs a search (Places API (New) with `--limit 20`, Nearby Search above 40).
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
    provider: PlacesBackend.ProviderName,
    policy: QueryPolicy
  ) -> String? {
    let largest = provider.largestCachedLimit
    guard policy != .everyFix, limit > largest else { return nil }
    let what = provider == .google ? "a search (3 requests of 20)" : "a request"
    let effect =
      limit >= provider.resultLimit ? "cannot answer later fixes" : "can seldom answer later fixes"
    return "with --limit \(limit), \(provider.displayName) returns at most "
      + "\(provider.resultLimit) places \(what), so the cache \(effect); "
      + "--limit \(largest) or less lets it"
  }
}
