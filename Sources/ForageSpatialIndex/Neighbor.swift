import ForageGeodesy

/// An item found by a search, with its exact geodesic distance.
///
/// A K-nearest or radius search orders its answer without measuring most geodesics (see
/// ``SpatialIndex``), so a neighbour it returns may carry its distance unmeasured: ``distance()``
/// then solves the geodesic when it is called, with the very call an exact brute-force scan makes,
/// so the value is the same to the bit. Corridor searches along two or more track points measure
/// every distance as they go.
public struct Neighbor<Item> {
  /// The item.
  public var item: Item
  /// The item's position in the array the index was built from.
  public var index: Int
  /// The distance, or the two points to measure it between (from the query centre to the item).
  public var measurement: GeodesicDistance

  /// Creates a neighbour whose distance is known.
  @inlinable
  public init(item: Item, index: Int, distance: Double) {
    self.item = item
    self.index = index
    measurement = .measured(distance)
  }

  /// Creates a neighbour of `centre` at `coordinate`, with its distance if the search measured it.
  @inlinable
  init(
    item: Item,
    index: Int,
    from centre: Coordinate,
    to coordinate: Coordinate,
    measured: Double?
  ) {
    self.item = item
    self.index = index
    if let measured {
      measurement = .measured(measured)
    } else {
      measurement = .deferred(from: centre, to: coordinate)
    }
  }

  /// The geodesic distance in metres (to the query point, or to the track for corridor searches).
  ///
  /// When the search did not measure it, every call solves the geodesic again
  /// (`Geodesic.distance(centre, item's coordinate)`, one `geod_inverse`, about half a
  /// microsecond): call it once, or call ``measure()`` to keep the value.
  @inlinable
  public func distance() -> Double {
    measurement.metres()
  }

  /// Measures the distance now if the search did not, and keeps it for later reads.
  ///
  /// - Returns: ``distance()``.
  @discardableResult
  @inlinable
  public mutating func measure() -> Double {
    measurement = measurement.measured()
    return measurement.metres()
  }
}

extension Neighbor: Sendable where Item: Sendable {}
