import ForagePlacesData
import ForageSpatialIndex

/// What a `forage nearby` search found.
public struct NearbyResult: Sendable, Equatable {
  /// The places, nearest first, with their geodesic distances in metres.
  public var neighbors: [Neighbor<DatasetPlace>]

  /// Creates a result.
  public init(neighbors: [Neighbor<DatasetPlace>]) {
    self.neighbors = neighbors
  }
}
