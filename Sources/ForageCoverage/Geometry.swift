import CGEOS
import ForageGeodesy

/// A GEOS geometry in a local plane, destroyed exactly once when the last reference goes.
///
/// The geometry owns its GEOS handle and keeps its ``GEOSContext`` alive. Operations that combine
/// two geometries require both to belong to the same context. Every failing GEOS call throws a
/// ``GEOSError``; none crashes or prints.
///
/// Not `Sendable`: GEOS geometries are tied to a context, which one thread uses at a time.
public final class Geometry {
  /// The context every operation on this geometry uses.
  public let context: GEOSContext
  /// The owned GEOS handle; destroyed in `deinit` and nowhere else.
  let handle: OpaquePointer

  /// Takes ownership of a handle GEOS returned, or throws the context's error when it is `nil`.
  init(owning handle: OpaquePointer?, in context: GEOSContext, operation: String) throws(GEOSError)
  {
    guard let handle else { throw context.error(operation) }
    self.handle = handle
    self.context = context
  }

  deinit {
    GEOSGeom_destroy_r(context.handle, handle)
  }

  /// A point.
  public static func point(
    _ point: PlanarPoint,
    in context: GEOSContext
  ) throws(GEOSError)
    -> Geometry
  {
    try Geometry(
      owning: GEOSGeom_createPointFromXY_r(context.handle, point.x, point.y),
      in: context,
      operation: "GEOSGeom_createPointFromXY_r"
    )
  }

  /// A line string through points, in order.
  ///
  /// - Throws: ``GEOSError`` when there are fewer than two points.
  public static func lineString(
    _ points: [PlanarPoint],
    in context: GEOSContext
  ) throws(GEOSError)
    -> Geometry
  {
    let sequence = try makeSequence(points, in: context)
    return try Geometry(
      owning: GEOSGeom_createLineString_r(context.handle, sequence),
      in: context,
      operation: "GEOSGeom_createLineString_r"
    )
  }

  /// A polygon without holes; the ring is closed for you when the last point differs from the first.
  ///
  /// - Throws: ``GEOSError`` when the ring has fewer than three distinct points.
  public static func polygon(
    exterior: [PlanarPoint],
    in context: GEOSContext
  ) throws(GEOSError)
    -> Geometry
  {
    var ring = exterior
    if let first = ring.first, ring.last != first { ring.append(first) }
    let sequence = try makeSequence(ring, in: context)
    guard let shell = GEOSGeom_createLinearRing_r(context.handle, sequence) else {
      throw context.error("GEOSGeom_createLinearRing_r")
    }
    return try Geometry(
      owning: GEOSGeom_createPolygon_r(context.handle, shell, nil, 0),
      in: context,
      operation: "GEOSGeom_createPolygon_r"
    )
  }

  /// An axis-aligned rectangle.
  public static func rectangle(
    minX: Double,
    minY: Double,
    maxX: Double,
    maxY: Double,
    in context: GEOSContext
  ) throws(GEOSError) -> Geometry {
    try Geometry(
      owning: GEOSGeom_createRectangle_r(context.handle, minX, minY, maxX, maxY),
      in: context,
      operation: "GEOSGeom_createRectangle_r"
    )
  }

  /// Parses well-known text, such as `POLYGON ((0 0, 1 0, 1 1, 0 0))`.
  ///
  /// - Throws: ``GEOSError`` with GEOS's parse message when the text is not WKT.
  public convenience init(wkt: String, in context: GEOSContext) throws(GEOSError) {
    guard let reader = GEOSWKTReader_create_r(context.handle) else {
      throw context.error("GEOSWKTReader_create_r")
    }
    defer { GEOSWKTReader_destroy_r(context.handle, reader) }
    try self.init(
      owning: GEOSWKTReader_read_r(context.handle, reader, wkt),
      in: context,
      operation: "GEOSWKTReader_read_r"
    )
  }

  /// Makes a coordinate sequence; GEOS takes ownership when it is passed to a constructor.
  private static func makeSequence(
    _ points: [PlanarPoint],
    in context: GEOSContext
  )
    throws(GEOSError) -> OpaquePointer
  {
    guard let sequence = GEOSCoordSeq_create_r(context.handle, UInt32(points.count), 2) else {
      throw context.error("GEOSCoordSeq_create_r")
    }
    for (index, point) in points.enumerated()
    where GEOSCoordSeq_setXY_r(context.handle, sequence, UInt32(index), point.x, point.y) == 0 {
      GEOSCoordSeq_destroy_r(context.handle, sequence)
      throw context.error("GEOSCoordSeq_setXY_r")
    }
    return sequence
  }
}

@available(*, unavailable, message: "a GEOS geometry is tied to a context used by one thread")
extension Geometry: Sendable {}
