import ForageHours
import ForagePlaceModel
import ForageSpatialIndex
import ForageTracks

extension PlacesAnswer {
  /// The answer for the fix at `index` holding the places of `known`, nearest first, each with
  /// its distance and whether `hours` says it is open at the fix's time.
  init(
    for fix: Fix,
    index: Int,
    radius: Double,
    source: FinderEvent.Source,
    from known: [Neighbor<Place>],
    hours: HoursJudge
  ) {
    self.init(
      fixIndex: index,
      latitude: fix.latitude,
      longitude: fix.longitude,
      radius: radius,
      source: source,
      places: known.map {
        NearbyPlace(
          $0.item,
          distance: $0.distance(),
          openAtFix: hours.verdict(for: $0.item, at: fix.time).isOpen
        )
      }
    )
  }
}
