import Foundation

/// How a polygon approximating a buffered (round) shape relates to the true round shape.
///
/// GEOS approximates arcs by chords with vertices on the arc, so its polygon lies inside the true
/// shape (``inscribed``). That is the safe choice for "what I know" (a covered area must not be
/// overstated). For "what I need" (an area that must contain every true point), choose
/// ``circumscribed``: the radius is scaled by 1 / cos(π / (4·quadrantSegments)) so every chord
/// lies outside the arc.
public enum BufferFit: Sendable, Hashable {
  /// The polygon lies inside the true shape; vertices on the arc.
  case inscribed
  /// The polygon contains the true shape; chords tangent to or outside the arc.
  case circumscribed

  /// The distance to pass to GEOS so the polygon has this fit for a true distance.
  ///
  /// - Parameters:
  ///   - distance: The true buffer distance in plane units.
  ///   - quadrantSegments: The number of chords per quarter circle.
  /// - Returns: The GEOS distance: unchanged for ``inscribed``, enlarged for ``circumscribed``
  ///   (with a relative margin of 1e-12 against rounding).
  public func geosDistance(for distance: Double, quadrantSegments: Int) -> Double {
    switch self {
    case .inscribed:
      distance
    case .circumscribed:
      distance / cos(.pi / (4 * Double(quadrantSegments))) * (1 + 1e-12)
    }
  }
}
