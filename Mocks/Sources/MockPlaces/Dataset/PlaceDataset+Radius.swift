import ForageGeodesy
import ForagePlaceDataset
import ForagePlaceModel

extension PlaceDataset {
  /// The places within `radius` metres (geodesic) of a point, each with its distance.
  ///
  /// A generous latitude/longitude box discards far places before the exact geodesic test.
  ///
  /// - Parameters:
  ///   - latitude: The centre's latitude in degrees.
  ///   - longitude: The centre's longitude in degrees.
  ///   - radius: The radius in metres; a place exactly on the circle is inside.
  /// - Returns: The matching places in dataset order with their distances in metres.
  public func places(
    within radius: Double,
    ofLatitude latitude: Double,
    longitude: Double
  ) -> [(place: Place, distance: Double)] {
    let box = BoundingBox(latitude: latitude, longitude: longitude, radius: radius)
    return places.compactMap { place in
      guard box.mayContain(place.latitude, place.longitude) else { return nil }
      let distance = Geodesic.distance(
        latitude1: latitude,
        longitude1: longitude,
        latitude2: place.latitude,
        longitude2: place.longitude
      )
      return distance <= radius ? (place, distance) : nil
    }
  }
}
