import ForageGeodesy
import ForageHours
import ForageProviders
import ForageSpatialIndex
import ForageTracks

/// The baseline (``QueryPolicy/everyFix``): one search per fix, answered from its own results
/// only.
struct EveryFixSearch: Sendable {
  let provider: any PlacesProvider

  let query: PlacesQuery

  /// Decides `open_at_fix` (and which places `--open` keeps).
  let hours: HoursJudge

  let notes: SearchNotes

  /// The answer for the fix at `index` (at `centre`) from one search of its own, every page it
  /// needs included.
  func answer(
    for fix: Fix,
    index: Int,
    centre: Coordinate
  ) async throws(PlacesError) -> PlacesAnswer {
    let byDistance = query.isRankedByDistance(on: provider.capabilities)
    let search = NearbySearch(
      location: centre,
      ranking: byDistance ? .distance : .prominence(radius: query.radius),
      type: query.type,
      keyword: query.keyword
    )
    // With --open, every result may be needed: the nearest may be closed.
    let found = try await provider.searchAllPages(
      search,
      limit: byDistance && !query.isOpenOnly ? query.limit : provider.capabilities.resultLimit,
      onPage: notes.note
    )
    var results = SpatialIndex(found).within(query.radius, of: centre)
    if query.isOpenOnly {
      results.removeAll { hours.verdict(for: $0.item, at: fix.time) != .open }
    }
    return PlacesAnswer(
      for: fix,
      index: index,
      radius: query.radius,
      source: .network,
      from: Array(results.prefix(query.limit)),
      hours: hours
    )
  }
}
