import ForageProviders

extension PlacesQuery {
  /// Whether searches ask for the nearest places first (a type or a keyword), so that a capped
  /// search is still complete out to its farthest result; not when one answer holds every place
  /// within the radius (``PlacesProviderCapabilities/isCompleteWithinRadius``), which then covers
  /// the disk.
  ///
  /// Ranking by prominence (no type and no keyword) can only be complete when a search is not
  /// capped; the CLI therefore requires a type or a keyword.
  func isRankedByDistance(on capabilities: PlacesProviderCapabilities) -> Bool {
    !capabilities.isCompleteWithinRadius && (!(type ?? "").isEmpty || !(keyword ?? "").isEmpty)
  }

  /// Whether K is more than one search returns: no one search answers a fix, the union of
  /// several does (``GapFiller``).
  func isBeyondCap(of capabilities: PlacesProviderCapabilities) -> Bool {
    limit > capabilities.resultLimit
  }
}
