/// A place in an answer, with its distance from the point the answer is for.
///
/// The distance is a plain number, measured once where the answer is made.
public struct NearbyPlace: Sendable, Hashable, Identifiable {
  /// The place.
  public var place: Place
  /// The geodesic (WGS84) distance from the answer's point, in metres.
  public var distance: Double
  /// Whether the place is open at the time of the fix the answer is for, in the place's local
  /// time (`open_at_fix`), or `nil` when that cannot be told (no hours, hours that cannot be
  /// read, no time zone, no fix time): decided once, where the answer is made.
  public var openAtFix: Bool?

  /// The place's id.
  public var id: String { place.id }

  /// Pairs a place with its distance, and whether it is open at the fix's time.
  public init(_ place: Place, distance: Double, openAtFix: Bool? = nil) {
    self.place = place
    self.distance = distance
    self.openAtFix = openAtFix
  }
}
