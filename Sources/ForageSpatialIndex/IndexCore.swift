import ForageGeodesy

/// The non-generic heart of ``SpatialIndex``: positions, identifiers and the tree.
///
/// Kept free of generics so the hot loops are compiled once, specialised, in this module,
/// whatever item type a client indexes.
@usableFromInline
struct IndexCore: Sendable {
  /// A hit: the item's position in the input and, if it was measured, its exact geodesic
  /// distance in metres.
  @usableFromInline
  struct Hit: Sendable {
    @usableFromInline var index: Int
    @usableFromInline var distance: Double?
  }

  @usableFromInline let coordinates: [Coordinate]
  let ids: [String]
  let tree: EarthKDTree

  init(coordinates: [Coordinate], ids: [String]) {
    self.coordinates = coordinates
    self.ids = ids
    tree = EarthKDTree(points: coordinates.map(EarthCentredPoint.init))
  }

  /// Answer order for measured hits: nearest first, then by identifier, then by position.
  func precedes(_ lhs: Hit, _ rhs: Hit) -> Bool {
    let left = lhs.distance!
    let right = rhs.distance!
    if left != right { return left < right }
    if ids[lhs.index] != ids[rhs.index] { return ids[lhs.index] < ids[rhs.index] }
    return lhs.index < rhs.index
  }

  /// Calls `body` with the `limit` nearest items within `radius` of `centre`, in answer order.
  ///
  /// The hits carry the distances the search had to measure; the others are left unmeasured
  /// (see ``resolve(_:_:within:of:_:)``).
  @usableFromInline
  func nearest(
    _ limit: Int,
    within radius: Double,
    of centre: Coordinate,
    _ body: (UnsafeBufferPointer<Hit>) -> Void
  ) {
    guard limit > 0, radius >= 0, !coordinates.isEmpty else {
      return body(.init(start: nil, count: 0))
    }
    let query = EarthCentredPoint(centre)
    // Chord ≤ geodesic, so a chord ball of `radius` holds every item within `radius` (the slack
    // covers rounding). For a small limit, a k-nearest search by chord returns only the items
    // that can make the answer (about `limit` of them); a large limit takes the whole ball.
    let ball = radius + 1e-6
    if limit <= 64 {
      tree.withNearestCandidates(limit, within: ball, of: query) { candidates in
        resolve(candidates, limit, within: radius, of: centre, body)
      }
    } else {
      var candidates: [EarthKDTree.Candidate] = []
      tree.forEach(within: ball, of: query) { index, d2 in
        candidates.append(EarthKDTree.Candidate(chordSquared: d2, index: Int32(index)))
      }
      candidates.sort { $0.chordSquared < $1.chordSquared }
      candidates.withUnsafeBufferPointer { resolve($0, limit, within: radius, of: centre, body) }
    }
  }
}
