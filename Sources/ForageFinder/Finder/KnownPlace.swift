import ForageGeodesy
import ForagePlaces
import ForageSpatialIndex

/// A place the finder has learnt from a search, indexed by position.
///
/// A class, so that the index's answers (about 20 a fix, every fix) share it by one reference
/// instead of copying its strings, and the answer's ``PlaceResult`` is made once, not a fix,
/// with its JSON around the distance written once (``PlaceResult/prewrite()``).
final class KnownPlace: SpatialItem, Sendable {
  /// The place's validated position.
  let coordinate: Coordinate
  /// The place as answers list it, at distance 0.
  private let listed: PlaceResult

  var id: String { listed.id }

  /// Wraps a provider's place, or returns `nil` when its position is not a valid coordinate.
  init?(_ place: Place) {
    guard
      let coordinate = try? Coordinate(
        latitude: place.coordinate.latitude,
        longitude: place.coordinate.longitude
      )
    else { return nil }
    self.coordinate = coordinate
    var listed = PlaceResult(
      id: place.id,
      name: place.name,
      latitude: place.coordinate.latitude,
      longitude: place.coordinate.longitude,
      distance: 0,
      rating: place.rating,
      types: place.types.isEmpty ? nil : place.types,
      vicinity: place.vicinity,
      isOpenNow: place.openNow
    )
    listed.prewrite()
    self.listed = listed
  }

  /// The place as an answer lists it, with its geodesic distance from the fix (measured or
  /// deferred).
  func result(_ distance: GeodesicDistance) -> PlaceResult {
    var result = listed
    result.measurement = distance
    return result
  }
}
