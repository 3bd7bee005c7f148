import CGEOS
import ForageGeodesy

extension Geometry {
  /// The rings of every polygon in the geometry, for drawing: one array a polygon, its exterior
  /// ring first and its holes after, each ring closed (first point repeated last).
  ///
  /// Polygons inside multi-polygons and collections are visited in order; points and lines
  /// (what an intersection can leave along an edge) have no area and are skipped.
  ///
  /// - Throws: ``GEOSError`` if GEOS cannot read the geometry.
  public func polygonRings() throws(GEOSError) -> [[[PlanarPoint]]] {
    var polygons: [[[PlanarPoint]]] = []
    try Self.collectPolygons(handle, context: context, into: &polygons)
    return polygons
  }

  /// Appends the rings of the polygons in a borrowed GEOS geometry.
  private static func collectPolygons(
    _ geometry: OpaquePointer,
    context: GEOSContext,
    into polygons: inout [[[PlanarPoint]]]
  ) throws(GEOSError) {
    let type = GEOSGeomTypeId_r(context.handle, geometry)
    switch type {
    case Int32(GEOS_POLYGON.rawValue):
      guard GEOSisEmpty_r(context.handle, geometry) == 0 else { return }
      guard let exterior = GEOSGetExteriorRing_r(context.handle, geometry) else {
        throw context.error("GEOSGetExteriorRing_r")
      }
      var rings = [try points(of: exterior, context: context)]
      let holes = GEOSGetNumInteriorRings_r(context.handle, geometry)
      guard holes >= 0 else { throw context.error("GEOSGetNumInteriorRings_r") }
      for index in 0..<holes {
        guard let hole = GEOSGetInteriorRingN_r(context.handle, geometry, index) else {
          throw context.error("GEOSGetInteriorRingN_r")
        }
        rings.append(try points(of: hole, context: context))
      }
      polygons.append(rings)
    case Int32(GEOS_MULTIPOLYGON.rawValue), Int32(GEOS_GEOMETRYCOLLECTION.rawValue):
      let count = GEOSGetNumGeometries_r(context.handle, geometry)
      guard count >= 0 else { throw context.error("GEOSGetNumGeometries_r") }
      for index in 0..<count {
        guard let part = GEOSGetGeometryN_r(context.handle, geometry, index) else {
          throw context.error("GEOSGetGeometryN_r")
        }
        try collectPolygons(part, context: context, into: &polygons)
      }
    case -1:
      throw context.error("GEOSGeomTypeId_r")
    default:
      return
    }
  }

  /// The points of a borrowed ring.
  private static func points(
    of ring: OpaquePointer,
    context: GEOSContext
  ) throws(GEOSError) -> [PlanarPoint] {
    guard let sequence = GEOSGeom_getCoordSeq_r(context.handle, ring) else {
      throw context.error("GEOSGeom_getCoordSeq_r")
    }
    var size: UInt32 = 0
    guard GEOSCoordSeq_getSize_r(context.handle, sequence, &size) != 0 else {
      throw context.error("GEOSCoordSeq_getSize_r")
    }
    var points: [PlanarPoint] = []
    points.reserveCapacity(Int(size))
    for index in 0..<size {
      var x = 0.0
      var y = 0.0
      guard GEOSCoordSeq_getXY_r(context.handle, sequence, index, &x, &y) != 0 else {
        throw context.error("GEOSCoordSeq_getXY_r")
      }
      points.append(PlanarPoint(x: x, y: y))
    }
    return points
  }
}
