/// The non-generic heart of ``SpatialIndex``: positions, identifiers and the tree.
///
/// Kept free of generics so the hot loops are compiled once, specialised, in this module,
/// whatever item type a client indexes.
@usableFromInline
struct IndexCore: Sendable {
  /// A hit: the item's position in the input and its exact geodesic distance in metres.
  @usableFromInline
  struct Hit: Sendable {
    @usableFromInline var index: Int
    @usableFromInline var distance: Double
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
  @usableFromInline
  func nearest(_ limit: Int, within radius: Double, of centre: Coordinate) -> [Hit] {
    guard limit > 0, radius >= 0, !coordinates.isEmpty else { return [] }
    let query = EarthCentredPoint(centre)
    // Chord ≤ geodesic, so a chord ball of `radius` holds every item within `radius` (the slack
    // covers rounding). For a small limit, a k-nearest search by chord returns only the items
    // that can make the answer (about `limit` of them); a large limit takes the whole ball.
    let ball = radius + 1e-6
    var answer: [Hit] = []
    if limit <= 64 {
      let candidates = tree.nearestCandidates(limit, within: ball, of: query)
      answer.reserveCapacity(candidates.count)
      for candidate in candidates {
        let distance = Geodesic.distance(centre, coordinates[candidate.index])
        if distance <= radius { answer.append(Hit(index: candidate.index, distance: distance)) }
      }
    } else {
      tree.forEach(within: ball, of: query) { index, _ in
        let distance = Geodesic.distance(centre, coordinates[index])
        if distance <= radius { answer.append(Hit(index: index, distance: distance)) }
      }
    }
    answer.sort(by: precedes)
    if answer.count > limit { answer.removeSubrange(limit...) }
    return answer
  }
}
