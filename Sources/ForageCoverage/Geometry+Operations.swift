import CGEOS
import ForageGeodesy

extension Geometry {
  /// The union of this geometry and another.
  public func union(_ other: Geometry) throws(GEOSError) -> Geometry {
    precondition(other.context === context, "geometries from different GEOS contexts")
    return try Geometry(
      owning: GEOSUnion_r(context.handle, handle, other.handle),
      in: context,
      operation: "GEOSUnion_r"
    )
  }

  /// The union of many geometries at once (faster than folding ``union(_:)``).
  ///
  /// - Returns: The union, or an empty geometry collection when `geometries` is empty.
  public static func union(
    _ geometries: [Geometry],
    in context: GEOSContext
  ) throws(GEOSError)
    -> Geometry
  {
    // A collection takes ownership of its members, so it gets clones, not our handles.
    var clones: [OpaquePointer?] = []
    clones.reserveCapacity(geometries.count)
    for geometry in geometries {
      precondition(geometry.context === context, "geometries from different GEOS contexts")
      guard let clone = GEOSGeom_clone_r(context.handle, geometry.handle) else {
        for made in clones { GEOSGeom_destroy_r(context.handle, made) }
        throw context.error("GEOSGeom_clone_r")
      }
      clones.append(clone)
    }
    let collection = try clones.withUnsafeMutableBufferPointer { buffer throws(GEOSError) in
      try Geometry(
        owning: GEOSGeom_createCollection_r(
          context.handle,
          Int32(GEOS_GEOMETRYCOLLECTION.rawValue),
          buffer.baseAddress,
          UInt32(buffer.count)
        ),
        in: context,
        operation: "GEOSGeom_createCollection_r"
      )
    }
    return try Geometry(
      owning: GEOSUnaryUnion_r(context.handle, collection.handle),
      in: context,
      operation: "GEOSUnaryUnion_r"
    )
  }

  /// The part of this geometry that is also in another.
  public func intersection(_ other: Geometry) throws(GEOSError) -> Geometry {
    precondition(other.context === context, "geometries from different GEOS contexts")
    return try Geometry(
      owning: GEOSIntersection_r(context.handle, handle, other.handle),
      in: context,
      operation: "GEOSIntersection_r"
    )
  }

  /// The part of this geometry that is not in another.
  public func difference(_ other: Geometry) throws(GEOSError) -> Geometry {
    precondition(other.context === context, "geometries from different GEOS contexts")
    return try Geometry(
      owning: GEOSDifference_r(context.handle, handle, other.handle),
      in: context,
      operation: "GEOSDifference_r"
    )
  }

  /// The point of this geometry nearest to another: GEOS's `GEOSNearestPoints_r`, whose first
  /// point lies on this geometry. `nil` when either geometry is empty.
  public func nearestPoint(to other: Geometry) throws(GEOSError) -> PlanarPoint? {
    precondition(other.context === context, "geometries from different GEOS contexts")
    if try isEmpty { return nil }
    if try other.isEmpty { return nil }
    guard let points = GEOSNearestPoints_r(context.handle, handle, other.handle) else {
      throw context.error("GEOSNearestPoints_r")
    }
    defer { GEOSCoordSeq_destroy_r(context.handle, points) }
    var x = 0.0
    var y = 0.0
    guard GEOSCoordSeq_getXY_r(context.handle, points, 0, &x, &y) == 1 else {
      throw context.error("GEOSCoordSeq_getXY_r")
    }
    return PlanarPoint(x: x, y: y)
  }

  /// The area within a distance of this geometry, as a polygon with a chosen fit.
  ///
  /// - Parameters:
  ///   - distance: The buffer distance in plane units (negative shrinks a polygon).
  ///   - quadrantSegments: Chords per quarter circle (GEOS's default is 8).
  ///   - fit: Whether the polygon lies inside (``BufferFit/inscribed``) or outside
  ///     (``BufferFit/circumscribed``) the true round buffer.
  public func buffer(
    _ distance: Double,
    quadrantSegments: Int = 8,
    fit: BufferFit
  ) throws(GEOSError) -> Geometry {
    let width = fit.geosDistance(for: distance, quadrantSegments: quadrantSegments)
    return try Geometry(
      owning: GEOSBuffer_r(context.handle, handle, width, Int32(quadrantSegments)),
      in: context,
      operation: "GEOSBuffer_r"
    )
  }

  /// The smallest planar distance between this geometry and another.
  public func distance(to other: Geometry) throws(GEOSError) -> Double {
    precondition(other.context === context, "geometries from different GEOS contexts")
    var result = 0.0
    guard GEOSDistance_r(context.handle, handle, other.handle, &result) == 1 else {
      throw context.error("GEOSDistance_r")
    }
    return result
  }

  /// Whether another geometry comes within a planar distance of this one (boundary included).
  public func isWithinDistance(_ distance: Double, of other: Geometry) throws(GEOSError) -> Bool {
    precondition(other.context === context, "geometries from different GEOS contexts")
    return try predicate(
      GEOSDistanceWithin_r(context.handle, handle, other.handle, distance),
      "GEOSDistanceWithin_r"
    )
  }

  /// Whether every point of another geometry lies in this one (boundary included).
  public func covers(_ other: Geometry) throws(GEOSError) -> Bool {
    precondition(other.context === context, "geometries from different GEOS contexts")
    return try predicate(GEOSCovers_r(context.handle, handle, other.handle), "GEOSCovers_r")
  }

  /// Whether another geometry lies in this one's interior and boundary, touching the interior.
  public func contains(_ other: Geometry) throws(GEOSError) -> Bool {
    precondition(other.context === context, "geometries from different GEOS contexts")
    return try predicate(GEOSContains_r(context.handle, handle, other.handle), "GEOSContains_r")
  }

  /// Whether the geometry has no points.
  public var isEmpty: Bool {
    get throws(GEOSError) { try predicate(GEOSisEmpty_r(context.handle, handle), "GEOSisEmpty_r") }
  }

  /// Whether the geometry is valid by OGC rules.
  public var isValid: Bool {
    get throws(GEOSError) { try predicate(GEOSisValid_r(context.handle, handle), "GEOSisValid_r") }
  }

  /// The area in square plane units.
  public var area: Double {
    get throws(GEOSError) {
      var result = 0.0
      guard GEOSArea_r(context.handle, handle, &result) == 1 else {
        throw context.error("GEOSArea_r")
      }
      return result
    }
  }

  /// The number of vertices, a measure of how costly the geometry is to test against.
  public var coordinateCount: Int {
    get throws(GEOSError) {
      let count = GEOSGetNumCoordinates_r(context.handle, handle)
      guard count >= 0 else { throw context.error("GEOSGetNumCoordinates_r") }
      return Int(count)
    }
  }

  /// The geometry as well-known text, trimmed of needless zeros (for debugging).
  ///
  /// - Parameter precision: Decimal places to round to, or `nil` for full precision.
  public func wkt(precision: Int? = nil) throws(GEOSError) -> String {
    guard let writer = GEOSWKTWriter_create_r(context.handle) else {
      throw context.error("GEOSWKTWriter_create_r")
    }
    defer { GEOSWKTWriter_destroy_r(context.handle, writer) }
    GEOSWKTWriter_setTrim_r(context.handle, writer, 1)
    if let precision {
      GEOSWKTWriter_setRoundingPrecision_r(context.handle, writer, Int32(precision))
    }
    guard let text = GEOSWKTWriter_write_r(context.handle, writer, handle) else {
      throw context.error("GEOSWKTWriter_write_r")
    }
    defer { GEOSFree_r(context.handle, text) }
    return String(cString: text)
  }

  /// A prepared form of this geometry, for testing many others against it quickly.
  public func prepared() throws(GEOSError) -> PreparedGeometry {
    try PreparedGeometry(self)
  }

  /// Turns a GEOS predicate result (1 true, 0 false, 2 exception) into a Bool or an error.
  func predicate(_ result: CChar, _ operation: String) throws(GEOSError) -> Bool {
    switch result {
    case 1: return true
    case 0: return false
    default: throw context.error(operation)
    }
  }
}
