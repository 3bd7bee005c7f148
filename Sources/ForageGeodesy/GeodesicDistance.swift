/// A geodesic distance: measured already, or the two points to measure it between when it is
/// first needed.
///
/// Answers are put in exact order without most of their geodesics (ForageSpatialIndex's `SpatialIndex`), and the
/// distances are then needed only where they are written: deferring them lets the reader (an
/// output thread, say) pay for them. A deferred distance is the very call an exact scan makes
/// (``Geodesic/distance(_:_:)`` from the query to the item), so it is the same to the bit.
public enum GeodesicDistance: Sendable {
  /// The distance in metres.
  case measured(Double)
  /// The geodesic between two points, not measured yet.
  case deferred(from: Coordinate, to: Coordinate)

  /// The distance in metres; a deferred one is measured on every call (one `geod_inverse`,
  /// about half a microsecond), so call it once or keep ``measured()``.
  @inlinable
  public func metres() -> Double {
    switch self {
    case .measured(let metres): metres
    case .deferred(let from, let to): Geodesic.distance(from, to)
    }
  }

  /// The same distance, measured.
  @inlinable
  public func measured() -> GeodesicDistance {
    if case .measured = self { return self }
    return .measured(metres())
  }
}
