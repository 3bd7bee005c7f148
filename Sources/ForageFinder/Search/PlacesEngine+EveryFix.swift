import ForageGeodesy
import ForageHTTP
import ForageHours
import ForageLocation
import ForagePlaceModel
import ForageProviders
import ForageSpatialIndex
import ForageSupport
import ForageTracks
import Foundation
import Synchronization

/// The baseline: one search per fix.
extension PlacesEngine {
  /// The baseline: one search per fix, answered from its own results only.
  func everyFixAnswer(
    for fix: Fix,
    index: Int,
    centre: Coordinate
  ) async throws(PlacesError)
    -> PlacesAnswer
  {
    let byDistance = isRankedByDistance
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
      onPage: note
    )
    noteSuccess()
    var results = SpatialIndex(found).within(query.radius, of: centre)
    if query.isOpenOnly {
      results.removeAll { hours.verdict(for: $0.item, at: fix.time) != .open }
    }
    return answer(
      for: fix,
      index: index,
      from: Array(results.prefix(query.limit)),
      source: .network
    )
  }
}
