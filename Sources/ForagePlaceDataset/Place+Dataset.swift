import ForageGeodesy
import ForagePlaceModel

extension Place {
  /// A place as a places dataset gives it, at a latitude and longitude given in code (tests,
  /// generated data), with the dataset's defaults: the generic establishment types and
  /// `OPERATIONAL`.
  ///
  /// Values out of range are clamped (latitude) or wrapped (longitude); untrusted numbers go
  /// through ``PlaceDataset`` or `Coordinate.init(latitude:longitude:)` instead.
  public static func dataset(
    id: String,
    name: String?,
    latitude: Double,
    longitude: Double,
    types: [String] = OSMPlaceTypes.establishment,
    rating: Double? = nil,
    userRatingsTotal: Int? = nil,
    priceLevel: Int? = nil,
    businessStatus: BusinessStatus = .operational,
    openNow: Bool? = nil,
    openingHours: PlaceHours? = nil,
    vicinity: String? = nil,
    keywords: [String] = [],
    properties: [String: String] = [:]
  ) -> Place {
    Place(
      id: id,
      name: name,
      coordinate: Coordinate(unchecked: latitude, longitude: longitude),
      rating: rating,
      userRatingsTotal: userRatingsTotal,
      priceLevel: priceLevel,
      types: types,
      vicinity: vicinity,
      openNow: openNow,
      businessStatus: businessStatus,
      openingHours: openingHours,
      keywords: keywords,
      properties: properties,
      provenance: .dataset
    )
  }
}
