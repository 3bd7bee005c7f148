/// A point in a local plane, in metres east and north of the plane's origin.
public struct PlanarPoint: Hashable, Sendable {
  /// Metres east of the origin.
  public var x: Double
  /// Metres north of the origin.
  public var y: Double

  /// Creates a point from its east and north offsets in metres.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The straight-line distance in metres to another point in the same plane.
  public func distance(to other: PlanarPoint) -> Double {
    let dx = x - other.x
    let dy = y - other.y
    return (dx * dx + dy * dy).squareRoot()
  }

  /// The distance from the origin in metres.
  public var magnitude: Double { (x * x + y * y).squareRoot() }
}
