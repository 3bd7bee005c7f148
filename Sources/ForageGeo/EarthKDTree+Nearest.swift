extension EarthKDTree {
  /// The squared chord to the `k`-th nearest point within `chord` of `centre`, or `nil` when
  /// fewer than `k` points are that close.
  ///
  /// A classic k-nearest search: descend towards the centre first, keep the `k` best squared
  /// chords in a sorted buffer, and skip every subtree beyond the current `k`-th.
  func kthNearestChordSquared(_ k: Int, within chord: Double, of centre: EarthCentredPoint)
    -> Double?
  {
    guard k > 0, k <= nodes.count else { return nil }
    var best = [Double](repeating: .infinity, count: k)
    var limit = chord * chord
    nodes.withUnsafeBufferPointer { buffer in
      best.withUnsafeMutableBufferPointer { best in
        Self.nearest(buffer, 0, buffer.count, centre, best, &limit)
      }
    }
    let kth = best[k - 1]
    return kth.isFinite && kth <= chord * chord ? kth : nil
  }

  private static func nearest(
    _ nodes: UnsafeBufferPointer<Node>,
    _ low: Int,
    _ high: Int,
    _ centre: EarthCentredPoint,
    _ best: UnsafeMutableBufferPointer<Double>,
    _ limit: inout Double
  ) {
    if high - low <= leafSize {
      for i in low..<high { offer(nodes[i], centre, best, &limit) }
      return
    }
    let middle = (low + high) / 2
    let node = nodes[middle]
    offer(node, centre, best, &limit)
    let offset: Double
    switch node.axis {
    case 0: offset = centre.x - node.x
    case 1: offset = centre.y - node.y
    default: offset = centre.z - node.z
    }
    if offset <= 0 {
      nearest(nodes, low, middle, centre, best, &limit)
      if offset * offset <= limit { nearest(nodes, middle + 1, high, centre, best, &limit) }
    } else {
      nearest(nodes, middle + 1, high, centre, best, &limit)
      if offset * offset <= limit { nearest(nodes, low, middle, centre, best, &limit) }
    }
  }

  /// Inserts a point's squared chord into the sorted `best` buffer when it beats the last.
  @inline(__always)
  private static func offer(
    _ node: Node,
    _ centre: EarthCentredPoint,
    _ best: UnsafeMutableBufferPointer<Double>,
    _ limit: inout Double
  ) {
    let dx = node.x - centre.x
    let dy = node.y - centre.y
    let dz = node.z - centre.z
    let d2 = dx * dx + dy * dy + dz * dz
    guard d2 <= limit, d2 < best[best.count - 1] else { return }
    var i = best.count - 1
    while i > 0, best[i - 1] > d2 {
      best[i] = best[i - 1]
      i -= 1
    }
    best[i] = d2
    if best[best.count - 1].isFinite { limit = min(limit, best[best.count - 1]) }
  }
}
