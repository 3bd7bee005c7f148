import ForageGeodesy
import ForagePlaceModel

extension NearbyPlace {
  /// A place in an answer as the tests write one: the fields `places` events print.
  public static func fixture(
    id: String,
    name: String?,
    latitude: Double,
    longitude: Double,
    distance: Double,
    rating: Double? = nil,
    types: [String] = [],
    vicinity: String? = nil,
    openNow: Bool? = nil,
    provenance: PlaceProvenance = .googleNearbySearch
  ) -> NearbyPlace {
    NearbyPlace(
      Place(
        id: id,
        name: name,
        coordinate: Coordinate(unchecked: latitude, longitude: longitude),
        rating: rating,
        types: types,
        vicinity: vicinity,
        openNow: openNow,
        provenance: provenance
      ),
      distance: distance
    )
  }
}
