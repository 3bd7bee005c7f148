import CGEOS

/// A geometry prepared (indexed) for many fast predicate tests against it.
///
/// Keeps its source ``Geometry`` alive, because GEOS's prepared geometry refers to it, and
/// destroys the prepared handle exactly once. Not `Sendable`, like ``Geometry``.
public final class PreparedGeometry {
  /// The geometry this was prepared from.
  public let geometry: Geometry
  private let handle: OpaquePointer

  /// Prepares a geometry.
  ///
  /// - Throws: ``GEOSError`` when GEOS cannot prepare it.
  public init(_ geometry: Geometry) throws(GEOSError) {
    guard let handle = GEOSPrepare_r(geometry.context.handle, geometry.handle) else {
      throw geometry.context.error("GEOSPrepare_r")
    }
    self.geometry = geometry
    self.handle = handle
  }

  deinit {
    GEOSPreparedGeom_destroy_r(geometry.context.handle, handle)
  }

  /// Whether every point of another geometry lies in the prepared one (boundary included).
  public func covers(_ other: Geometry) throws(GEOSError) -> Bool {
    precondition(other.context === geometry.context, "geometries from different GEOS contexts")
    return try geometry.predicate(
      GEOSPreparedCovers_r(geometry.context.handle, handle, other.handle),
      "GEOSPreparedCovers_r"
    )
  }

  /// Whether another geometry lies in the prepared one, touching its interior.
  public func contains(_ other: Geometry) throws(GEOSError) -> Bool {
    precondition(other.context === geometry.context, "geometries from different GEOS contexts")
    return try geometry.predicate(
      GEOSPreparedContains_r(geometry.context.handle, handle, other.handle),
      "GEOSPreparedContains_r"
    )
  }

  /// Whether another geometry shares at least one point with the prepared one.
  public func intersects(_ other: Geometry) throws(GEOSError) -> Bool {
    precondition(other.context === geometry.context, "geometries from different GEOS contexts")
    return try geometry.predicate(
      GEOSPreparedIntersects_r(geometry.context.handle, handle, other.handle),
      "GEOSPreparedIntersects_r"
    )
  }

  /// Whether another geometry comes within a planar distance of the prepared one.
  public func isWithinDistance(_ distance: Double, of other: Geometry) throws(GEOSError) -> Bool {
    precondition(other.context === geometry.context, "geometries from different GEOS contexts")
    return try geometry.predicate(
      GEOSPreparedDistanceWithin_r(geometry.context.handle, handle, other.handle, distance),
      "GEOSPreparedDistanceWithin_r"
    )
  }
}

@available(*, unavailable, message: "a GEOS geometry is tied to a context used by one thread")
extension PreparedGeometry: Sendable {}
