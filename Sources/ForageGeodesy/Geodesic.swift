import CGeodesic

/// Geodesic distances and azimuths on the WGS84 ellipsoid (Karney's algorithm).
///
/// A thin wrapper over GeographicLib's C port (`geodesic.h`, shipped in PROJ), which solves the
/// inverse and direct problems to about 15 nanometres at any distance, at the poles and across the
/// antimeridian. The solver is not written again here: the C port is the reference implementation.
public enum Geodesic {
  /// The WGS84 semi-major axis in metres.
  public static let equatorialRadius = 6_378_137.0
  /// The WGS84 flattening.
  public static let flattening = 1 / 298.257223563

  /// The geodesic distance in metres between two coordinates.
  public static func distance(_ from: Coordinate, _ to: Coordinate) -> Double {
    distance(
      latitude1: from.latitude,
      longitude1: from.longitude,
      latitude2: to.latitude,
      longitude2: to.longitude
    )
  }

  /// The geodesic distance in metres between two points given in degrees, for callers that hold
  /// raw values (track readers see coordinates before they are validated).
  public static func distance(
    latitude1: Double,
    longitude1: Double,
    latitude2: Double,
    longitude2: Double
  ) -> Double {
    var distance = 0.0
    geod_inverse(
      WGS84.shared.pointer,
      latitude1,
      longitude1,
      latitude2,
      longitude2,
      &distance,
      nil,
      nil
    )
    return distance
  }

  /// Solves the inverse problem: the distance and the azimuths at both ends.
  ///
  /// - Returns: The distance in metres, the forward azimuth at `from` and the forward azimuth at
  ///   `to` (the direction of travel on arrival), in degrees clockwise from north, −180…180.
  public static func inverse(_ from: Coordinate, _ to: Coordinate) -> GeodesicSolution {
    var distance = 0.0
    var azimuth1 = 0.0
    var azimuth2 = 0.0
    geod_inverse(
      WGS84.shared.pointer,
      from.latitude,
      from.longitude,
      to.latitude,
      to.longitude,
      &distance,
      &azimuth1,
      &azimuth2
    )
    return GeodesicSolution(distance: distance, azimuth1: azimuth1, azimuth2: azimuth2)
  }

  /// Solves the direct problem: where a geodesic leaving `from` ends after `distance` metres.
  ///
  /// - Parameters:
  ///   - from: The start.
  ///   - azimuth: The direction of departure in degrees clockwise from north.
  ///   - distance: The length of the geodesic in metres (negative goes backwards).
  /// - Returns: The end point, with its longitude wrapped to −180…180.
  public static func destination(
    from: Coordinate,
    azimuth: Double,
    distance: Double
  ) -> Coordinate {
    var latitude = 0.0
    var longitude = 0.0
    geod_direct(
      WGS84.shared.pointer,
      from.latitude,
      from.longitude,
      azimuth,
      distance,
      &latitude,
      &longitude,
      nil
    )
    return Coordinate(unchecked: latitude, longitude: longitude)
  }
}

/// The answer to a geodesic inverse problem.
public struct GeodesicSolution: Equatable, Sendable {
  /// The geodesic distance in metres.
  public var distance: Double
  /// The forward azimuth at the first point, degrees clockwise from north.
  public var azimuth1: Double
  /// The forward azimuth at the second point, degrees clockwise from north.
  public var azimuth2: Double
}

/// The initialised WGS84 `geod_geodesic`, kept at a stable address for the C functions.
///
/// It is written once in `init` and only read afterwards, so sharing it between threads is safe.
final class WGS84: @unchecked Sendable {
  /// The process-wide instance.
  static let shared = WGS84()
  /// The initialised ellipsoid; never written after `init`.
  let pointer: UnsafeMutablePointer<geod_geodesic>

  private init() {
    pointer = .allocate(capacity: 1)
    geod_init(pointer, Geodesic.equatorialRadius, Geodesic.flattening)
  }
}
