import ForageGeodesy

/// The area a ``CoverageArea`` knows, as rings of coordinates for drawing on a map.
///
/// Rings are closed (the first point repeated last). Exterior rings turn counter-clockwise and
/// holes clockwise, with longitude to the east and latitude to the north, so filling all of them
/// at once with the nonzero rule draws the known area: the pieces of neighbouring grid cells
/// overlap without doubling, and a hole in one piece is filled where another piece covers it.
public struct CoverageOutline: Sendable, Equatable {
  /// The rings, in a stable order (grid cell by grid cell).
  public var rings: [[Coordinate]]

  /// Creates an outline from rings, as they are.
  public init(rings: [[Coordinate]] = []) {
    self.rings = rings
  }

  /// The number of points in all rings.
  public var pointCount: Int { rings.reduce(0) { $0 + $1.count } }

  /// A ring turned the way the outline's rule wants: counter-clockwise for an exterior ring,
  /// clockwise for a hole (by the sign of its area in longitude and latitude).
  static func oriented(_ ring: [Coordinate], isExterior: Bool) -> [Coordinate] {
    var twiceArea = 0.0
    for (a, b) in zip(ring, ring.dropFirst()) {
      twiceArea += a.longitude * b.latitude - b.longitude * a.latitude
    }
    let isCounterClockwise = twiceArea > 0
    return isCounterClockwise == isExterior ? ring : ring.reversed()
  }
}
