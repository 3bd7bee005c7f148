import ForageGeodesy
import Foundation

/// Every disk the coverage cache was told is fully known, kept beside its GEOS union so that the
/// planner can ask which of them lie near a fix (``SearchPlanner/coverPlan(for:needed:known:gaps:pages:reach:)``)
/// without copying the union.
///
/// Bucketed by cells of 0.01° of latitude and 0.02° of longitude (about 1 km), by centre.
struct KnownDisks: Sendable {
  /// A bucket: the cell holding a disk's centre.
  private struct Cell: Hashable {
    var row: Int
    var column: Int

    init(_ centre: Coordinate) {
      row = Int((centre.latitude / KnownDisks.rowHeight).rounded(.down))
      column = KnownDisks.column(of: centre.longitude)
    }
  }

  static let rowHeight = 0.01
  static let columnWidth = 0.02
  /// Columns around the Earth.
  static let columnsAround = Int((360 / columnWidth).rounded())

  /// The column of a longitude in degrees, any number of turns east or west: columns go on
  /// across the antimeridian, -180° and 180° being one.
  static func column(of longitude: Double) -> Int {
    wrapped(Int((longitude / columnWidth).rounded(.down)))
  }

  /// A column counted on past ±180° brought back among the columns around the Earth.
  static func wrapped(_ column: Int) -> Int {
    let half = columnsAround / 2
    return ((column + half) % columnsAround + columnsAround) % columnsAround - half
  }

  private var cells: [Cell: [SearchPlanner.Disk]] = [:]
  /// The largest radius added, so a query knows how far around it to look.
  private var largestRadius = 0.0
  /// How many disks are kept.
  private(set) var count = 0

  /// Adds a disk.
  mutating func add(_ centre: Coordinate, radius: Double) {
    guard radius > 0, radius.isFinite else { return }
    cells[Cell(centre), default: []].append(SearchPlanner.Disk(centre: centre, radius: radius))
    largestRadius = max(largestRadius, radius)
    count += 1
  }

  /// The disks that reach within `distance` of `centre`.
  func disks(near centre: Coordinate, within distance: Double) -> [SearchPlanner.Disk] {
    guard count > 0 else { return [] }
    let reach = distance + largestRadius
    let latitudeSpan = reach / 110_000 + 1e-6
    let longitudeSpan = latitudeSpan / max(0.01, cos(centre.latitude * .pi / 180))
    let lowRow = Int((max(-90, centre.latitude - latitudeSpan) / Self.rowHeight).rounded(.down))
    let highRow = Int((min(90, centre.latitude + latitudeSpan) / Self.rowHeight).rounded(.down))
    // Unwrapped here, so that a span across the antimeridian is one run of columns; each is
    // wrapped when looked up.
    let westmost = Int(((centre.longitude - longitudeSpan) / Self.columnWidth).rounded(.down))
    let eastmost = Int(((centre.longitude + longitudeSpan) / Self.columnWidth).rounded(.down))
    guard eastmost - westmost < 400 else {
      return cells.values.joined().filter { Self.reaches($0, centre, distance) }
    }
    var found: [SearchPlanner.Disk] = []
    for row in lowRow...highRow {
      for column in westmost...eastmost {
        var key = Cell(centre)
        key.row = row
        key.column = Self.wrapped(column)
        for disk in cells[key] ?? [] where Self.reaches(disk, centre, distance) {
          found.append(disk)
        }
      }
    }
    return found
  }

  private static func reaches(
    _ disk: SearchPlanner.Disk,
    _ centre: Coordinate,
    _ distance: Double
  )
    -> Bool
  {
    Geodesic.distance(disk.centre, centre) <= distance + disk.radius
  }
}
