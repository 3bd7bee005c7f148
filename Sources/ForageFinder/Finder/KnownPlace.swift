import ForageGeo
import ForagePlaces

/// A place the finder has learnt from a search, indexed by position.
struct KnownPlace: SpatialItem, Sendable {
  /// The provider's place.
  var place: Place
  /// The place's validated position.
  var coordinate: Coordinate

  var id: String { place.id }

  /// Wraps a provider's place, or returns `nil` when its position is not a valid coordinate.
  init?(_ place: Place) {
    guard
      let coordinate = try? Coordinate(
        latitude: place.coordinate.latitude,
        longitude: place.coordinate.longitude
      )
    else { return nil }
    self.place = place
    self.coordinate = coordinate
  }

  /// The place as an answer lists it, with its geodesic distance from the fix.
  func result(distance: Double) -> PlaceResult {
    PlaceResult(
      id: place.id,
      name: place.name,
      latitude: place.coordinate.latitude,
      longitude: place.coordinate.longitude,
      distance: distance,
      rating: place.rating,
      types: place.types.isEmpty ? nil : place.types,
      vicinity: place.vicinity,
      isOpenNow: place.openNow
    )
  }
}
