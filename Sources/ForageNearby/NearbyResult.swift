import ForagePlace
import ForageWriters

/// What a `forage nearby` search found.
public struct NearbyResult: Sendable, Equatable {
  /// The places, nearest first, each with its geodesic distance in metres (from the point, or
  /// from the track for a search along one).
  public var places: [NearbyPlace]

  /// Creates a result.
  public init(places: [NearbyPlace]) {
    self.places = places
  }
}
