import ForageGeodesy
import Foundation
import Synchronization

/// The union of the disks a places search has fully covered, answering "is this disk known?".
///
/// Kept as GEOS geometry, tile by tile: the world is cut into cells about 5.5 km square
/// (``CoverageTileKey``), each with its own tangent plane centred on the cell, so a track of any
/// length adds cost only where it goes and every planar figure stays within a few kilometres of its
/// plane's origin (a disk of radius r reaches r further).
///
/// ## Never claiming too much
/// - What is known is stored small: a disk of radius r becomes, in each cell it touches, GEOS's
///   inscribed polygon of radius r·cos θ − 1 mm (θ bounds the tilt of the surface against the plane,
///   ``LocalProjection/planarLowerBoundFactor(reach:)``), clipped to the cell's box. Every planar
///   point of it lifts to a point within r of the centre.
/// - What is asked is drawn large: the query disk is a circumscribed polygon of radius r + 1 mm
///   (orthogonal projection never lengthens, so it holds the disk's whole image), clipped likewise.
/// - ``covers(_:radius:)`` is true only when, in every cell the query disk can touch, the stored
///   coverage covers the query piece.
///
/// ## Cost
/// Each cell's geometry is bounded by the cell's size; a cell the disks fill becomes a flag.
/// Adding a disk or asking about one touches the few cells under it. A disk inside one recently
/// found known is answered with one chord, no GEOS (``ProvenDisks``). GeoBenchmark measures both
/// after 10 000 disks along a 50 km track.
///
/// Safe to share between threads: all GEOS state is private and used under a lock, with the
/// area's own ``GEOSContext``.
public final class CoverageArea: Sendable {
  /// Chords per quarter circle for the polygons standing for disks.
  public static let quadrantSegments = 8

  /// Everything GEOS touches, used only under the lock.
  fileprivate struct State {
    let context: GEOSContext
    var tiles: [CoverageTileKey: CoverageTile] = [:]
    var disks = 0
    /// Disks found known, answering queries inside them without GEOS.
    var proven = ProvenDisks()
  }

  private let state: Mutex<State>

  /// Creates an empty coverage area.
  ///
  /// - Throws: ``GEOSError`` when GEOS cannot create a context.
  public init() throws(GEOSError) {
    state = Mutex(State(context: try GEOSContext()))
  }

  /// Records that every point within `radius` metres of `centre` is known.
  ///
  /// - Throws: ``GEOSError`` if GEOS fails (it should not for valid input).
  public func add(_ centre: Coordinate, radius: Double) throws(GEOSError) {
    guard radius > 0, radius.isFinite else { return }
    try state.withLock { state throws(GEOSError) in
      try state.add(centre, radius: radius)
    }
  }

  /// Whether every point within `radius` metres of `centre` is known. Never true when not.
  ///
  /// - Throws: ``GEOSError`` if GEOS fails (it should not for valid input).
  public func covers(_ centre: Coordinate, radius: Double) throws(GEOSError) -> Bool {
    guard radius >= 0, radius.isFinite else { return false }
    return try state.withLock { state throws(GEOSError) in
      if state.proven.contains(centre, radius: radius) { return true }
      guard try state.covers(centre, radius: radius) else { return false }
      // Prove a somewhat wider disk too, so that the next queries nearby (the next fixes) are
      // answered from the memo; the extra reach adapts to how far the coverage goes.
      let wider = radius + state.proven.reach
      let isWiderKnown = try state.covers(centre, radius: wider)
      state.proven.noteWiderProof(succeeded: isWiderKnown)
      state.proven.remember(centre, radius: isWiderKnown ? wider : radius)
      return true
    }
  }

  /// The point within `radius` metres of `centre` nearest to it that is not known, or `nil` when
  /// every point is (``covers(_:radius:)``).
  ///
  /// Asked as ``covers(_:radius:)`` asks, cell by cell (a circumscribed query disk, the inscribed
  /// known polygons): the point is the nearest of the query disk's part outside the known area,
  /// so it may lie up to a few millimetres outside the true disk, or in a sliver that only the
  /// polygons leave unknown. A search there makes it known unless the search itself learned
  /// nothing around its centre.
  ///
  /// - Throws: ``GEOSError`` if GEOS fails (it should not for valid input).
  public func nearestUnknownPoint(
    to centre: Coordinate,
    within radius: Double
  ) throws(GEOSError) -> Coordinate? {
    guard radius >= 0, radius.isFinite else { return nil }
    return try state.withLock { state throws(GEOSError) in
      try state.nearestUnknownPoint(to: centre, within: radius)
    }
  }

  /// Whether a disk proven known earlier holds this one, so ``covers(_:radius:)`` answers it
  /// without GEOS (for tests).
  func provenContains(_ centre: Coordinate, radius: Double) -> Bool {
    state.withLock { $0.proven.contains(centre, radius: radius) }
  }

  /// The known area as rings of coordinates, for a map: each cell's stored polygons lifted back
  /// from its plane, and a cell the disks fill as the cell's own latitude and longitude box.
  ///
  /// Every point inside the outline is known (the stored polygons are inscribed); the outline
  /// may leave out slivers that are known too.
  ///
  /// - Throws: ``GEOSError`` if GEOS cannot read a stored polygon.
  public var outline: CoverageOutline {
    get throws(GEOSError) {
      try state.withLock { state throws(GEOSError) in
        var rings: [[Coordinate]] = []
        let keys = state.tiles.keys.sorted { ($0.band, $0.cell) < ($1.band, $1.cell) }
        for key in keys {
          guard let tile = state.tiles[key] else { continue }
          if tile.isFull {
            let box = key.bounds
            let corners = [
              (box.south, box.west), (box.south, box.east), (box.north, box.east),
              (box.north, box.west), (box.south, box.west),
            ]
            rings.append(corners.map { Coordinate(unchecked: $0.0, longitude: $0.1) })
            continue
          }
          guard let coverage = tile.coverage else { continue }
          for polygon in try coverage.polygonRings() {
            for (index, ring) in polygon.enumerated() {
              let lifted = ring.map { tile.projection.unproject($0) }
              rings.append(CoverageOutline.oriented(lifted, isExterior: index == 0))
            }
          }
        }
        return CoverageOutline(rings: rings)
      }
    }
  }

  /// Figures that show what the area costs to keep.
  public var statistics: CoverageStatistics {
    state.withLock { state in
      var vertices = 0
      for tile in state.tiles.values where !tile.isFull {
        vertices += (try? tile.coverage?.coordinateCount) ?? 0
      }
      return CoverageStatistics(
        disks: state.disks,
        tiles: state.tiles.count,
        fullTiles: state.tiles.values.filter(\.isFull).count,
        vertices: vertices
      )
    }
  }
}

extension CoverageArea.State {
  /// Adds a disk; see ``CoverageArea/add(_:radius:)``.
  mutating func add(_ centre: Coordinate, radius: Double) throws(GEOSError) {
    disks += 1
    // Every tile whose box the disk touches, not only those whose cell it touches: a query is
    // clipped to each box, so it asks about the box's margin beyond the cell too, and must find
    // there every disk that holds it.
    let reach = radius + CoverageTileKey.boxReach(near: centre.latitude)
    for key in CoverageTileKey.keys(touching: centre, radius: reach) {
      let tile: CoverageTile
      if let existing = tiles[key] {
        tile = existing
      } else {
        tile = try CoverageTile(key: key, context: context)
        tiles[key] = tile
      }
      if tile.isFull { continue }
      let planarCentre = tile.projection.project(centre)
      let reach = planarCentre.magnitude + radius
      let known = radius * LocalProjection.planarLowerBoundFactor(reach: reach) - 1e-3
      guard known > 0, tile.distanceToBox(planarCentre) < known else { continue }
      let disk = try Geometry.point(planarCentre, in: context)
        .buffer(known, quadrantSegments: CoverageArea.quadrantSegments, fit: .inscribed)
      let piece =
        tile.boxContains(planarCentre, radius: known) ? disk : try disk.intersection(tile.box)
      var merged = piece
      if let existing = tile.coverage { merged = try existing.union(piece) }
      tile.coverage = merged
      tile.prepared = nil
      // Only a coverage with (almost) the box's area can hold the whole box; area is cheap.
      if try merged.area >= tile.boxArea * (1 - 1e-9), try merged.covers(tile.box) {
        tile.isFull = true
        tile.coverage = tile.box
      }
    }
  }

  /// Whether a disk is known; see ``CoverageArea/covers(_:radius:)``.
  func covers(_ centre: Coordinate, radius: Double) throws(GEOSError) -> Bool {
    let needed = radius + 1e-3
    for key in CoverageTileKey.keys(touching: centre, radius: radius) {
      guard let tile = tiles[key] else {
        // The cell may only be touched by the key enumeration's margin; check in its plane.
        let probe = try CoverageTile(key: key, context: context)
        if probe.distanceToBox(probe.projection.project(centre)) > needed { continue }
        return false
      }
      let planarCentre = tile.projection.project(centre)
      if tile.distanceToBox(planarCentre) > needed { continue }
      if tile.isFull { continue }
      guard let coverage = tile.coverage else { return false }
      let prepared: PreparedGeometry
      if let existing = tile.prepared {
        prepared = existing
      } else {
        prepared = try coverage.prepared()
        tile.prepared = prepared
      }
      let disk = try Geometry.point(planarCentre, in: context)
        .buffer(needed, quadrantSegments: CoverageArea.quadrantSegments, fit: .circumscribed)
      let piece =
        tile.boxContains(planarCentre, radius: needed * 1.01)
        ? disk : try disk.intersection(tile.box)
      if try !prepared.covers(piece) { return false }
    }
    return true
  }
}

extension CoverageArea.State {
  /// The nearest unknown point; see ``CoverageArea/nearestUnknownPoint(to:within:)``.
  func nearestUnknownPoint(
    to centre: Coordinate,
    within radius: Double
  ) throws(GEOSError) -> Coordinate? {
    let needed = radius + 1e-3
    var nearest: (point: Coordinate, distance: Double)? = nil
    for key in CoverageTileKey.keys(touching: centre, radius: radius) {
      let tile: CoverageTile
      if let existing = tiles[key] {
        tile = existing
      } else {
        tile = try CoverageTile(key: key, context: context)
      }
      let planarCentre = tile.projection.project(centre)
      if tile.distanceToBox(planarCentre) > needed || tile.isFull { continue }
      let origin = try Geometry.point(planarCentre, in: context)
      let disk = try origin.buffer(
        needed,
        quadrantSegments: CoverageArea.quadrantSegments,
        fit: .circumscribed
      )
      var unknown = try disk.intersection(tile.box)
      if let coverage = tile.coverage { unknown = try unknown.difference(coverage) }
      guard let point = try unknown.nearestPoint(to: origin) else { continue }
      let distance = point.distance(to: planarCentre)
      if nearest == nil || distance < nearest!.distance {
        nearest = (tile.projection.unproject(point), distance)
      }
    }
    return nearest?.point
  }
}

/// How big a ``CoverageArea`` has grown.
public struct CoverageStatistics: Equatable, Sendable {
  /// Disks added so far.
  public var disks: Int
  /// Grid cells holding some coverage.
  public var tiles: Int
  /// Cells entirely covered (kept as a flag, no geometry to test).
  public var fullTiles: Int
  /// Vertices in the geometry of the cells not entirely covered.
  public var vertices: Int
}
