/// A place in an answer, with its distance from the point the answer is for.
///
/// The distance is a plain number, measured once where the answer is made.
public struct NearbyPlace: Sendable, Hashable, Identifiable {
  /// The place.
  public var place: Place
  /// The geodesic (WGS84) distance from the answer's point, in metres.
  public var distance: Double

  /// The place's id.
  public var id: String { place.id }

  /// Pairs a place with its distance.
  public init(_ place: Place, distance: Double) {
    self.place = place
    self.distance = distance
  }
}
