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
}
