extension EarthKDTree {
  /// The points that can be among the `k` nearest by geodesic distance within `chord` of `centre`.
  ///
  /// A classic k-nearest search by chord (descend towards the centre first, skip subtrees beyond
  /// the bound), except that the bound is not the k-th smallest chord c but U(c), the largest
  /// geodesic a chord of c can stand for (``EarthCentredPoint/geodesicUpperBound(chord:)``). Every
  /// point with a chord of at most U(c) is returned (usually k, a few more on near-ties); a point
  /// beyond it has a geodesic longer than the k-th nearest and cannot be in the answer.
  ///
  /// - Returns: Build-order indices with squared chords, in no particular order.
  func nearestCandidates(
    _ k: Int,
    within chord: Double,
    of centre: EarthCentredPoint
  )
    -> [(index: Int, chordSquared: Double)]
  {
    var search = NearestSearch(k: k, limit: chord * chord)
    nodes.withUnsafeBufferPointer { buffer in
      Self.nearest(buffer, 0, buffer.count, centre, &search)
    }
    var result = search.best
    for entry in search.overflow where entry.chordSquared <= search.limit { result.append(entry) }
    return result
  }

  /// The running state of a k-nearest search.
  struct NearestSearch {
    let k: Int
    /// The squared chord beyond which nothing can be in the answer.
    var limit: Double
    /// The k smallest squared chords seen so far, ascending.
    var best: [(index: Int, chordSquared: Double)] = []
    /// Points within `limit` that are not (or no longer) among the k best; filtered at the end.
    var overflow: [(index: Int, chordSquared: Double)] = []

    init(k: Int, limit: Double) {
      self.k = k
      self.limit = limit
      best.reserveCapacity(k + 1)
      overflow.reserveCapacity(32)
    }

    @inline(__always)
    mutating func offer(_ index: Int, _ d2: Double) {
      guard d2 <= limit else { return }
      if best.count == k {
        guard d2 < best[k - 1].chordSquared else {
          overflow.append((index, d2))
          return
        }
        overflow.append(best.removeLast())
      }
      var i = best.count
      best.append((index, d2))
      while i > 0, best[i - 1].chordSquared > d2 {
        best.swapAt(i, i - 1)
        i -= 1
      }
      if best.count == k {
        let bound = EarthCentredPoint.geodesicUpperBound(
          chord: best[k - 1].chordSquared.squareRoot()
        )
        limit = min(limit, bound * bound)
      }
    }
  }

  private static func nearest(
    _ nodes: UnsafeBufferPointer<Node>,
    _ low: Int,
    _ high: Int,
    _ centre: EarthCentredPoint,
    _ search: inout NearestSearch
  ) {
    if high - low <= leafSize {
      for i in low..<high { offer(nodes[i], centre, &search) }
      return
    }
    let middle = (low + high) / 2
    let node = nodes[middle]
    offer(node, centre, &search)
    let offset: Double
    switch node.axis {
    case 0: offset = centre.x - node.x
    case 1: offset = centre.y - node.y
    default: offset = centre.z - node.z
    }
    if offset <= 0 {
      nearest(nodes, low, middle, centre, &search)
      if offset * offset <= search.limit { nearest(nodes, middle + 1, high, centre, &search) }
    } else {
      nearest(nodes, middle + 1, high, centre, &search)
      if offset * offset <= search.limit { nearest(nodes, low, middle, centre, &search) }
    }
  }

  @inline(__always)
  private static func offer(
    _ node: Node,
    _ centre: EarthCentredPoint,
    _ search: inout NearestSearch
  ) {
    let dx = node.x - centre.x
    let dy = node.y - centre.y
    let dz = node.z - centre.z
    search.offer(Int(node.index), dx * dx + dy * dy + dz * dz)
  }
}
