import ForageGeodesy

/// Disks a ``CoverageArea`` has found known with GEOS, kept so that a disk inside one of them is
/// answered with one geodesic instead of GEOS geometry (the finder asks once a fix, a few metres
/// from the last).
///
/// A coverage area only grows, so a disk once found known stays known. A query disk (c′, r′) is
/// answered from a proven disk (c, r) only when GEOS itself would say yes:
/// - its cells are among the proven disk's cells (``CoverageTileKey/keys(touching:radius:)``);
/// - U + r′ + 1 mm ≤ r, where U ≥ s(c, c′) is the chord's bound on the geodesic
///   (``EarthCentredPoint/geodesicUpperBound(chord:)``): a few nanoseconds where `geod_inverse`
///   costs half a microsecond, and a bound is all the test needs. Planar distances never exceed geodesics
///   (``LocalProjection``), so in every cell's plane the query's circumscribed polygon is a
///   smaller copy of the proven one (same orientation) lying inside it, and whatever covered the
///   proven piece covers the query's; a cell the proven disk was too far from to need is too far
///   from the query too.
///
/// Hand-rolled because it is a few lines over GEOS answers this type already has; no library
/// knows about them.
struct ProvenDisks {
  /// A disk found known, with the cells it touches.
  private struct Disk {
    var centre: EarthCentredPoint
    var radius: Double
    var keys: [CoverageTileKey]
  }

  /// How many disks are kept, newest first.
  static let capacity = 4
  /// The shortest and longest extra reach tried when proving a wider disk, in metres.
  static let reachRange = 8.0...256.0

  private var disks: [Disk] = []
  /// How much wider than a query the next proof tries: doubled after a wider disk was found
  /// known, halved after one was not.
  private(set) var reach = 64.0

  /// Whether a proven disk holds the query disk (so GEOS would find it known).
  func contains(_ centre: Coordinate, radius: Double) -> Bool {
    guard !disks.isEmpty else { return false }
    var keys: [CoverageTileKey]?
    let point = EarthCentredPoint(centre)
    for disk in disks where radius + 1e-3 < disk.radius {
      let bound = EarthCentredPoint.geodesicUpperBound(chord: disk.centre.chordDistance(to: point))
      guard bound + radius + 1e-3 <= disk.radius else { continue }
      let needed = keys ?? CoverageTileKey.keys(touching: centre, radius: radius)
      keys = needed
      if needed.allSatisfy(disk.keys.contains) { return true }
    }
    return false
  }

  /// Keeps a disk found known, as the newest.
  mutating func remember(_ centre: Coordinate, radius: Double) {
    disks.insert(
      Disk(
        centre: EarthCentredPoint(centre),
        radius: radius,
        keys: CoverageTileKey.keys(touching: centre, radius: radius)
      ),
      at: 0
    )
    if disks.count > Self.capacity { disks.removeLast() }
  }

  /// Records whether the wider disk tried last was found known, adjusting the reach.
  mutating func noteWiderProof(succeeded: Bool) {
    let next = succeeded ? reach * 2 : reach / 2
    reach = min(max(next, Self.reachRange.lowerBound), Self.reachRange.upperBound)
  }
}
