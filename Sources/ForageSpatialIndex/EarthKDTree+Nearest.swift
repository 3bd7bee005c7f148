import ForageGeodesy

extension EarthKDTree {
  /// A point a search found: its build-order index and its squared chord to the centre.
  struct Candidate {
    /// The squared chord to the centre, in square metres.
    var chordSquared: Double
    /// The point's position in the array the tree was built from.
    var index: Int32
  }

  /// Calls `body` with the points that can be among the `k` nearest by geodesic distance within
  /// `chord` of `centre`, nearest chord first.
  ///
  /// A classic k-nearest search by chord (descend towards the centre first, skip cells beyond the
  /// bound, measuring a cell's distance incrementally from the planes it lies beyond), except that
  /// the bound is not the k-th smallest chord c but U(c), the largest geodesic a chord of c can
  /// stand for (``EarthCentredPoint/geodesicUpperBound(chord:)``). Every point with a chord of at
  /// most U(c) is passed (usually k, a few more on near-ties); a point beyond it has a geodesic
  /// longer than those of the k nearest chords and cannot be in the answer.
  ///
  /// - Parameters:
  ///   - k: How many nearest points are wanted, at least 1.
  ///   - chord: The largest chord of interest.
  ///   - centre: The query point.
  ///   - body: Receives the candidates sorted by squared chord; the buffer lives only for the call.
  func withNearestCandidates<Result>(
    _ k: Int,
    within chord: Double,
    of centre: EarthCentredPoint,
    _ body: (UnsafeBufferPointer<Candidate>) -> Result
  ) -> Result {
    withUnsafeTemporaryAllocation(of: Candidate.self, capacity: k) { best in
      var search = NearestSearch(best: best.baseAddress!, k: k, ball: chord * chord)
      nodes.withUnsafeBufferPointer { nodes in
        Self.nearest(nodes, 0, nodes.count, centre, CellGap(), &search)
      }
      let found = UnsafeBufferPointer(start: best.baseAddress, count: search.count)
      guard !search.overflow.isEmpty else { return body(found) }
      // Near-ties beyond the k-th chord: all at least as far as it, so they go after `found`.
      var all = Array(found)
      all += search.overflow.filter { $0.chordSquared <= search.limit }
        .sorted { $0.chordSquared < $1.chordSquared }
      return all.withUnsafeBufferPointer(body)
    }
  }

  /// How far a cell of the tree is from the centre: per axis, and squared in total.
  struct CellGap {
    var x = 0.0
    var y = 0.0
    var z = 0.0
    /// x² + y² + z²: no point of the cell has a smaller squared chord.
    var squared = 0.0

    /// The gap of the part of this cell beyond a splitting plane `offset` away along `axis`.
    @inline(__always)
    func beyond(_ offset: Double, axis: UInt8) -> CellGap {
      var gap = self
      switch axis {
      case 0:
        gap.squared += offset * offset - x * x
        gap.x = offset
      case 1:
        gap.squared += offset * offset - y * y
        gap.y = offset
      default:
        gap.squared += offset * offset - z * z
        gap.z = offset
      }
      return gap
    }
  }

  /// The running state of a k-nearest search.
  struct NearestSearch {
    /// The k smallest squared chords seen so far, ascending (`count` of them).
    let best: UnsafeMutablePointer<Candidate>
    let k: Int
    /// The squared search radius.
    let ball: Double
    var count = 0
    /// The squared chord beyond which nothing can be in the answer.
    var limit: Double
    /// Points within `limit` that are not (or no longer) among the k best: near-ties of the
    /// k-th, usually none. Filtered against the final `limit` at the end.
    var overflow: [Candidate] = []

    init(best: UnsafeMutablePointer<Candidate>, k: Int, ball: Double) {
      self.best = best
      self.k = k
      self.ball = ball
      limit = ball
    }

    @inline(__always)
    mutating func offer(_ index: Int32, _ d2: Double) {
      guard d2 <= limit else { return }
      let entry = Candidate(chordSquared: d2, index: index)
      guard count == k else {
        insert(entry, below: count)
        count += 1
        if count == k { tighten() }
        return
      }
      let worst = best[k - 1]
      guard d2 < worst.chordSquared else {
        overflow.append(entry)
        return
      }
      insert(entry, below: k - 1)
      tighten()
      if worst.chordSquared <= limit { overflow.append(worst) }
    }

    /// Inserts `entry` into the sorted `best[0..<end]`, overwriting `best[end]`.
    @inline(__always)
    private func insert(_ entry: Candidate, below end: Int) {
      var i = end
      while i > 0, best[i - 1].chordSquared > entry.chordSquared {
        best[i] = best[i - 1]
        i -= 1
      }
      best[i] = entry
    }

    /// Lowers `limit` to U(c)² for the k-th smallest chord c.
    @inline(__always)
    private mutating func tighten() {
      let d2 = best[k - 1].chordSquared
      let bound = EarthCentredPoint.geodesicUpperBound(chord: d2.squareRoot(), chordSquared: d2)
      limit = min(ball, bound * bound)
    }
  }

  private static func nearest(
    _ nodes: UnsafeBufferPointer<Node>,
    _ low: Int,
    _ high: Int,
    _ centre: EarthCentredPoint,
    _ gap: CellGap,
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
    let far = gap.beyond(offset, axis: node.axis)
    if offset <= 0 {
      nearest(nodes, low, middle, centre, gap, &search)
      if far.squared <= search.limit { nearest(nodes, middle + 1, high, centre, far, &search) }
    } else {
      nearest(nodes, middle + 1, high, centre, gap, &search)
      if far.squared <= search.limit { nearest(nodes, low, middle, centre, far, &search) }
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
    search.offer(node.index, dx * dx + dy * dy + dz * dz)
  }
}
