/// An immutable index of items answering "within R metres of P" and "the K nearest within R of P".
///
/// Built once in O(n log n) and queried many times, from any thread when `Item` is `Sendable`.
/// Candidates come from a 3-d tree over Earth-centred coordinates: the chord between two surface
/// points is never longer than their geodesic, so a chord ball of radius R misses no item within R
/// (anywhere on Earth, poles and antimeridian included). Each candidate that can still be in the
/// answer is then measured with the exact WGS84 geodesic (``Geodesic/distance(_:_:)``), so answers
/// are identical to an exact brute-force geodesic scan, ordered by distance, then ``SpatialItem/id``,
/// then position in the input.
///
/// Why not the GEOS STRtree: it works in one plane (no good for a worldwide set), cannot be built
/// explicitly in GEOS 3.11, and its callbacks cost a C round trip per candidate. GeoBenchmark
/// compares the two.
public struct SpatialIndex<Item: SpatialItem> {
  /// The indexed items, in the order they were given.
  public let items: [Item]
  let coordinates: [Coordinate]
  let tree: EarthKDTree

  /// Builds the index.
  public init(_ items: [Item]) {
    self.items = items
    coordinates = items.map(\.coordinate)
    tree = EarthKDTree(points: coordinates.map(EarthCentredPoint.init))
  }

  /// The number of indexed items.
  public var count: Int { items.count }

  /// Every item within `radius` metres of `centre`, nearest first.
  ///
  /// - Parameters:
  ///   - radius: The search radius in metres (boundary included).
  ///   - centre: The query point.
  /// - Returns: The items with their exact geodesic distances, in answer order.
  public func within(_ radius: Double, of centre: Coordinate) -> [Neighbor<Item>] {
    nearest(Int.max, within: radius, of: centre)
  }

  /// The `limit` nearest items within `radius` metres of `centre`, nearest first.
  ///
  /// Ties at equal distance are broken by identifier, so the cut at `limit` is deterministic.
  public func nearest(
    _ limit: Int,
    within radius: Double,
    of centre: Coordinate
  ) -> [Neighbor<Item>] {
    guard limit > 0, radius >= 0, !items.isEmpty else { return [] }
    let query = EarthCentredPoint(centre)
    // Chord ≤ geodesic, so this ball holds every item within `radius`; the slack covers rounding.
    var candidates: [(index: Int, chordSquared: Double)] = []
    tree.forEach(within: radius + 1e-6, of: query) { index, chordSquared in
      candidates.append((index, chordSquared))
    }
    if candidates.count > limit {
      // The `limit` smallest chords bound the limit-th geodesic from above; farther chords cannot
      // make the answer (their geodesic is at least their chord).
      let cutoff = Self.smallest(limit, of: candidates.map(\.chordSquared))
      let bound = EarthCentredPoint.geodesicUpperBound(chord: cutoff.squareRoot())
      let boundSquared = bound * bound
      candidates.removeAll { $0.chordSquared > boundSquared }
    }
    var answer: [Neighbor<Item>] = []
    answer.reserveCapacity(candidates.count)
    for candidate in candidates {
      let distance = Geodesic.distance(centre, coordinates[candidate.index])
      if distance <= radius {
        answer.append(
          Neighbor(item: items[candidate.index], index: candidate.index, distance: distance)
        )
      }
    }
    answer.sort { $0.precedes($1) }
    if answer.count > limit { answer.removeSubrange(limit...) }
    return answer
  }

  /// The k-th smallest value (1-based) of a non-empty array, by quickselect.
  static func smallest(_ k: Int, of values: [Double]) -> Double {
    var values = values
    var low = 0
    var high = values.count - 1
    let target = k - 1
    while low < high {
      let pivot = values[(low + high) / 2]
      var i = low
      var j = high
      while i <= j {
        while values[i] < pivot { i += 1 }
        while values[j] > pivot { j -= 1 }
        if i <= j {
          values.swapAt(i, j)
          i += 1
          j -= 1
        }
      }
      if target <= j {
        high = j
      } else if target >= i {
        low = i
      } else {
        break
      }
    }
    return values[target]
  }
}

extension SpatialIndex: Sendable where Item: Sendable {}
