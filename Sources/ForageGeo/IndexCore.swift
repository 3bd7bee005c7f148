/// The non-generic heart of ``SpatialIndex``: positions, identifiers and the tree.
///
/// Kept free of generics so the hot loops are compiled once, specialised, in this module,
/// whatever item type a client indexes.
struct IndexCore: Sendable {
  /// A hit: the item's position in the input and its exact geodesic distance in metres.
  struct Hit: Sendable {
    var index: Int
    var distance: Double
  }

  let coordinates: [Coordinate]
  let ids: [String]
  let tree: EarthKDTree

  init(coordinates: [Coordinate], ids: [String]) {
    self.coordinates = coordinates
    self.ids = ids
    tree = EarthKDTree(points: coordinates.map(EarthCentredPoint.init))
  }

  /// Answer order: nearest first, then by identifier, then by position.
  func precedes(_ lhs: Hit, _ rhs: Hit) -> Bool {
    if lhs.distance != rhs.distance { return lhs.distance < rhs.distance }
    if ids[lhs.index] != ids[rhs.index] { return ids[lhs.index] < ids[rhs.index] }
    return lhs.index < rhs.index
  }

  /// The `limit` nearest items within `radius` of `centre`, in answer order.
  func nearest(_ limit: Int, within radius: Double, of centre: Coordinate) -> [Hit] {
    guard limit > 0, radius >= 0, !coordinates.isEmpty else { return [] }
    let query = EarthCentredPoint(centre)
    // Chord ≤ geodesic, so a chord ball of `radius` holds every item within `radius` (the slack
    // covers rounding). With a limit, the limit-th smallest chord c bounds the limit-th geodesic
    // from above by U(c); items with a chord beyond U(c) cannot make the answer, so the ball
    // shrinks to U(c) and holds about `limit` items. (Large limits skip this: the k-best buffer
    // is an insertion-sorted array.)
    var ball = radius + 1e-6
    if limit <= 64, limit < coordinates.count,
      let kth = tree.kthNearestChordSquared(limit, within: ball, of: query)
    {
      ball = min(ball, EarthCentredPoint.geodesicUpperBound(chord: kth.squareRoot()))
    }
    var candidates: [Hit] = []
    candidates.reserveCapacity(min(coordinates.count, limit < 64 ? 64 : 256))
    tree.forEach(within: ball, of: query) { index, chordSquared in
      candidates.append(Hit(index: index, distance: chordSquared))
    }
    var answer: [Hit] = []
    answer.reserveCapacity(candidates.count)
    for candidate in candidates {
      let distance = Geodesic.distance(centre, coordinates[candidate.index])
      if distance <= radius { answer.append(Hit(index: candidate.index, distance: distance)) }
    }
    answer.sort(by: precedes)
    if answer.count > limit { answer.removeSubrange(limit...) }
    return answer
  }
}
