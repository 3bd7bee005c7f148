import ForageGeodesy

/// A balanced 3-d tree over Earth-centred points, answering "every point within a chord of P".
///
/// Chord distance is a lower bound on geodesic distance, so a chord ball of radius R returns every
/// point whose geodesic distance is at most R, anywhere on Earth: no projection, no trouble at the
/// poles or the antimeridian. The tree is built once and never changes, so it is `Sendable`.
struct EarthKDTree: Sendable {
  /// One stored point in tree order, with its split axis when it is a node's median.
  struct Node: Sendable {
    var x: Double
    var y: Double
    var z: Double
    /// The point's position in the array the tree was built from.
    var index: Int32
    /// 0, 1 or 2: the coordinate this node splits on (only meaningful for medians).
    var axis: UInt8

    func coordinate(_ axis: UInt8) -> Double {
      axis == 0 ? x : (axis == 1 ? y : z)
    }
  }

  /// Ranges of at most this many points are scanned rather than split.
  static let leafSize = 8
  private(set) var nodes: [Node]

  /// Builds the tree in O(n log n).
  init(points: [EarthCentredPoint]) {
    nodes = points.enumerated().map { offset, point in
      Node(x: point.x, y: point.y, z: point.z, index: Int32(offset), axis: 0)
    }
    nodes.withUnsafeMutableBufferPointer { buffer in
      Self.build(buffer, 0, buffer.count)
    }
  }

  private static func build(_ nodes: UnsafeMutableBufferPointer<Node>, _ low: Int, _ high: Int) {
    guard high - low > leafSize else { return }
    var minimum = (Double.infinity, Double.infinity, Double.infinity)
    var maximum = (-Double.infinity, -Double.infinity, -Double.infinity)
    for i in low..<high {
      let node = nodes[i]
      minimum = (min(minimum.0, node.x), min(minimum.1, node.y), min(minimum.2, node.z))
      maximum = (max(maximum.0, node.x), max(maximum.1, node.y), max(maximum.2, node.z))
    }
    let extent = (maximum.0 - minimum.0, maximum.1 - minimum.1, maximum.2 - minimum.2)
    let axis: UInt8 =
      extent.0 >= extent.1 && extent.0 >= extent.2 ? 0 : (extent.1 >= extent.2 ? 1 : 2)
    let middle = (low + high) / 2
    select(nodes, low, high, middle, axis)
    nodes[middle].axis = axis
    build(nodes, low, middle)
    build(nodes, middle + 1, high)
  }

  /// Quickselect: puts the element of rank `k` (by `axis`) at `k`, smaller ones before it.
  private static func select(
    _ nodes: UnsafeMutableBufferPointer<Node>,
    _ low: Int,
    _ high: Int,
    _ k: Int,
    _ axis: UInt8
  ) {
    var low = low
    var high = high - 1
    while low < high {
      // Median of three as the pivot keeps sorted input from going quadratic.
      let mid = (low + high) / 2
      let a = nodes[low].coordinate(axis)
      let b = nodes[mid].coordinate(axis)
      let c = nodes[high].coordinate(axis)
      let pivot = max(min(a, b), min(max(a, b), c))
      var i = low
      var j = high
      while i <= j {
        while nodes[i].coordinate(axis) < pivot { i += 1 }
        while nodes[j].coordinate(axis) > pivot { j -= 1 }
        if i <= j {
          nodes.swapAt(i, j)
          i += 1
          j -= 1
        }
      }
      if k <= j {
        high = j
      } else if k >= i {
        low = i
      } else {
        return
      }
    }
  }

  /// Calls `body` with the build-order index and squared chord of every point within `chord`.
  func forEach(within chord: Double, of centre: EarthCentredPoint, _ body: (Int, Double) -> Void) {
    let r2 = chord * chord
    nodes.withUnsafeBufferPointer { buffer in
      Self.visit(buffer, 0, buffer.count, centre, r2, body)
    }
  }

  private static func visit(
    _ nodes: UnsafeBufferPointer<Node>,
    _ low: Int,
    _ high: Int,
    _ centre: EarthCentredPoint,
    _ r2: Double,
    _ body: (Int, Double) -> Void
  ) {
    if high - low <= leafSize {
      for i in low..<high { report(nodes[i], centre, r2, body) }
      return
    }
    let middle = (low + high) / 2
    let node = nodes[middle]
    report(node, centre, r2, body)
    let offset: Double
    switch node.axis {
    case 0: offset = centre.x - node.x
    case 1: offset = centre.y - node.y
    default: offset = centre.z - node.z
    }
    if offset <= 0 {
      visit(nodes, low, middle, centre, r2, body)
      if offset * offset <= r2 { visit(nodes, middle + 1, high, centre, r2, body) }
    } else {
      visit(nodes, middle + 1, high, centre, r2, body)
      if offset * offset <= r2 { visit(nodes, low, middle, centre, r2, body) }
    }
  }

  @inline(__always)
  private static func report(
    _ node: Node,
    _ centre: EarthCentredPoint,
    _ r2: Double,
    _ body: (Int, Double) -> Void
  ) {
    let dx = node.x - centre.x
    let dy = node.y - centre.y
    let dz = node.z - centre.z
    let d2 = dx * dx + dy * dy + dz * dz
    if d2 <= r2 { body(Int(node.index), d2) }
  }
}
