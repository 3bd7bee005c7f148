import ForagePlaceModel

/// What a `forage nearby` search found.
public struct NearbyResult: Sendable, Equatable {
  /// The places, nearest first, each with its geodesic distance in metres (from the point, or
  /// from the track for a search along one).
  public var places: [NearbyPlace]
  /// The notice the dataset's licence asks for (``ForagePlaceDataset/PlaceDataset/attribution``),
  /// which every format carries, or `nil` when the dataset gives none.
  public var attribution: String?

  /// Creates a result.
  public init(places: [NearbyPlace], attribution: String? = nil) {
    self.places = places
    self.attribution = attribution
  }
}
