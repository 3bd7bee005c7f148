import ForageGeodesy

extension SpatialIndex {
  /// Every item within `distance` metres of a track, nearest to the track first.
  ///
  /// The track is a polyline whose segments are geodesics between consecutive points. Long
  /// segments are cut into pieces no longer than `max(distance, 250 m)`; every item within
  /// `distance` of a piece is within `distance + length/2` of its midpoint, so a chord ball of that
  /// radius finds every candidate. For each candidate the closest point of the piece is located in
  /// a tangent plane centred on the item itself (planar error there is micrometres), then the
  /// reported distance is the exact geodesic from the item to that point on the piece. That is an
  /// upper bound on the true distance, off only by the square of the tiny location error, so items
  /// at the boundary are classed exactly.
  ///
  /// - Parameters:
  ///   - distance: The corridor half-width in metres (boundary included).
  ///   - track: The track's points in order; a single point searches a disk.
  /// - Returns: Each item once, with its distance to the track, in answer order.
  public func along(_ track: [Coordinate], within distance: Double) -> [Neighbor<Item>] {
    guard let first = track.first, distance >= 0, !items.isEmpty else { return [] }
    if track.count == 1 { return within(distance, of: first) }
    let hits = core.along(track, within: distance)
    return hits.map { Neighbor(item: items[$0.index], index: $0.index, distance: $0.distance!) }
  }
}

extension IndexCore {
  /// Corridor search; see ``SpatialIndex/along(_:within:)``. Every hit is measured.
  func along(_ track: [Coordinate], within distance: Double) -> [Hit] {
    var best: [Int: Double] = [:]
    let pieceLength = max(distance, 250)
    for (start, end) in zip(track, track.dropFirst()) {
      let segment = Geodesic.inverse(start, end)
      let pieces = max(1, Int((segment.distance / pieceLength).rounded(.up)))
      var pieceStart = start
      for piece in 1...pieces {
        let pieceEnd =
          piece == pieces
          ? end
          : Geodesic.destination(
            from: start,
            azimuth: segment.azimuth1,
            distance: segment.distance * Double(piece) / Double(pieces)
          )
        search(from: pieceStart, to: pieceEnd, within: distance, into: &best)
        pieceStart = pieceEnd
      }
    }
    var answer = best.map { Hit(index: $0.key, distance: $0.value) }
    answer.sort(by: precedes)
    return answer
  }

  /// Adds every item within `distance` of the geodesic from `start` to `end` to `best`.
  private func search(
    from start: Coordinate,
    to end: Coordinate,
    within distance: Double,
    into best: inout [Int: Double]
  ) {
    let piece = Geodesic.inverse(start, end)
    let middle = Geodesic.destination(
      from: start,
      azimuth: piece.azimuth1,
      distance: piece.distance / 2
    )
    var candidates: [Int] = []
    tree.forEach(within: distance + piece.distance / 2 + 1e-6, of: EarthCentredPoint(middle)) {
      index,
      _ in candidates.append(index)
    }
    for index in candidates {
      let place = coordinates[index]
      let gap = Self.distance(from: place, toGeodesicFrom: start, to: end, along: piece)
      if gap <= distance, gap < best[index] ?? .infinity { best[index] = gap }
    }
  }

  /// The geodesic distance from a point to the closest point of a short geodesic segment.
  static func distance(
    from point: Coordinate,
    toGeodesicFrom start: Coordinate,
    to end: Coordinate,
    along segment: GeodesicSolution
  ) -> Double {
    guard segment.distance > 0 else { return Geodesic.distance(point, start) }
    let plane = LocalProjection(origin: point)
    let a = plane.project(start)
    let b = plane.project(end)
    let dx = b.x - a.x
    let dy = b.y - a.y
    let lengthSquared = dx * dx + dy * dy
    let t = lengthSquared > 0 ? min(1, max(0, -(a.x * dx + a.y * dy) / lengthSquared)) : 0
    let closest = Geodesic.destination(
      from: start,
      azimuth: segment.azimuth1,
      distance: t * segment.distance
    )
    return Geodesic.distance(point, closest)
  }
}
