import ForageGeodesy
import Foundation

/// One cell of the ``CoverageArea`` grid: a latitude band cut into roughly square longitude cells.
///
/// Cells are 0.05° of latitude (about 5.5 km) tall; each band has as many cells as keep them about
/// 0.05° of great circle wide at the band's pole-ward edge. The band touching a pole is one cap.
struct CoverageTileKey: Hashable, Sendable {
  /// The latitude band, 0 at the South Pole.
  var band: Int
  /// The cell within the band, 0 at longitude −180.
  var cell: Int

  /// The height of a band in degrees.
  static let bandHeight = 0.05
  /// The number of bands from pole to pole.
  static let bandCount = Int((180 / bandHeight).rounded())

  /// The southern edge of a band in degrees.
  static func southEdge(_ band: Int) -> Double { -90 + Double(band) * bandHeight }

  /// How many cells the band is cut into.
  static func cellCount(_ band: Int) -> Int {
    let south = southEdge(band)
    let poleward = max(abs(south), abs(south + bandHeight))
    let count = Int((360 * cos(poleward * .pi / 180) / bandHeight).rounded(.down))
    return max(1, count)
  }

  /// Every cell that a geodesic disk can touch (a superset; never misses one).
  static func keys(touching centre: Coordinate, radius: Double) -> [CoverageTileKey] {
    // The meridional radius of curvature is at least a(1 − e²), so latitude changes by at most
    // radius / a(1 − e²) radians.
    let dLatitude = radius / EarthCentredPoint.minimumRadiusOfCurvature * 180 / .pi * 1.01 + 1e-9
    let south = centre.latitude - dLatitude
    let north = centre.latitude + dLatitude
    var dLongitude = 360.0
    if south > -90, north < 90 {
      // A path between longitudes λ apart within these latitudes is at least a·cos(φmax)·λ long.
      let poleward = max(abs(south), abs(north)) * .pi / 180
      dLongitude = radius / (Geodesic.equatorialRadius * cos(poleward)) * 180 / .pi * 1.01 + 1e-9
    }
    let firstBand = band(of: south)
    let lastBand = band(of: north)
    var keys: [CoverageTileKey] = []
    for band in firstBand...lastBand {
      let count = cellCount(band)
      let width = 360 / Double(count)
      if dLongitude >= 180 {
        keys += (0..<count).map { CoverageTileKey(band: band, cell: $0) }
        continue
      }
      let first = Int(((centre.longitude - dLongitude + 180) / width).rounded(.down))
      let last = Int(((centre.longitude + dLongitude + 180) / width).rounded(.down))
      if last - first + 1 >= count {
        keys += (0..<count).map { CoverageTileKey(band: band, cell: $0) }
      } else {
        keys += (first...last).map {
          CoverageTileKey(band: band, cell: (($0 % count) + count) % count)
        }
      }
    }
    return keys
  }

  /// How far beyond its cell a tile's box reaches at most, in metres, for a cell near
  /// `latitude` (``CoverageTile/box``): the box's padding (1 % of its size and a metre), and the
  /// slack of a rectangle around a cell whose north and south edges differ in length and curve.
  /// For cells below 89° of latitude that is a few hundred metres, so 600 m serves every disk
  /// centred below 88° (50 km at most); nearer a pole, where the cells are wedges, 12 km
  /// (`CoverageAreaTests` measures every band).
  static func boxReach(near latitude: Double) -> Double {
    abs(latitude) < 88 ? 600 : 12_000
  }

  private static func band(of latitude: Double) -> Int {
    min(bandCount - 1, max(0, Int(((latitude + 90) / bandHeight).rounded(.down))))
  }

  /// The cell's corners as latitude and longitude ranges.
  var bounds: (south: Double, north: Double, west: Double, east: Double) {
    let south = Self.southEdge(band)
    let width = 360 / Double(Self.cellCount(band))
    let west = -180 + Double(cell) * width
    return (south, min(90, south + Self.bandHeight), west, west + width)
  }
}

/// The plane, clip box and known coverage of one grid cell.
final class CoverageTile {
  /// The tangent plane at the cell's centre (or at the pole for a polar cap).
  let projection: LocalProjection
  /// A planar rectangle holding the image of the whole cell.
  let box: Geometry
  /// The box's extent, for cheap rejection.
  let extent: (minX: Double, minY: Double, maxX: Double, maxY: Double)
  /// The union of the (shrunk, inscribed, clipped) disks added so far, or `nil` when none.
  var coverage: Geometry?
  /// ``coverage`` prepared for fast `covers` tests; rebuilt lazily after each change.
  var prepared: PreparedGeometry?
  /// Whether ``coverage`` holds the whole box (then no geometry test is needed).
  var isFull = false

  init(key: CoverageTileKey, context: GEOSContext) throws(GEOSError) {
    let bounds = key.bounds
    let origin: Coordinate
    if CoverageTileKey.cellCount(key.band) == 1 {
      let pole = bounds.north >= 90 ? 90.0 : (bounds.south <= -90 ? -90.0 : bounds.south)
      origin = Coordinate(unchecked: pole, longitude: 0)
    } else {
      origin = Coordinate(
        unchecked: (bounds.south + bounds.north) / 2,
        longitude: (bounds.west + bounds.east) / 2
      )
    }
    projection = LocalProjection(origin: origin)
    // The image of the cell lies inside the bounding box of its projected boundary; sample the
    // boundary densely and pad the box for the bulge between samples.
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    let samples = 32
    for step in 0...samples {
      let f = Double(step) / Double(samples)
      let latitude = bounds.south + (bounds.north - bounds.south) * f
      let longitude = bounds.west + (bounds.east - bounds.west) * f
      for (lat, lon) in [
        (bounds.south, longitude), (bounds.north, longitude), (latitude, bounds.west),
        (latitude, bounds.east),
      ] {
        let point = projection.project(Coordinate(unchecked: lat, longitude: lon))
        minX = min(minX, point.x)
        minY = min(minY, point.y)
        maxX = max(maxX, point.x)
        maxY = max(maxY, point.y)
      }
    }
    let pad = 0.01 * max(maxX - minX, maxY - minY) + 1
    extent = (minX - pad, minY - pad, maxX + pad, maxY + pad)
    box = try Geometry.rectangle(
      minX: extent.minX,
      minY: extent.minY,
      maxX: extent.maxX,
      maxY: extent.maxY,
      in: context
    )
  }

  /// The box's area in square metres.
  var boxArea: Double { (extent.maxX - extent.minX) * (extent.maxY - extent.minY) }

  /// Whether the planar disk of a radius around a point lies entirely inside the box.
  func boxContains(_ point: PlanarPoint, radius: Double) -> Bool {
    point.x - radius > extent.minX && point.x + radius < extent.maxX
      && point.y - radius > extent.minY && point.y + radius < extent.maxY
  }

  /// The distance in the plane from a point to the box (0 inside).
  func distanceToBox(_ point: PlanarPoint) -> Double {
    let dx = max(extent.minX - point.x, 0, point.x - extent.maxX)
    let dy = max(extent.minY - point.y, 0, point.y - extent.maxY)
    return (dx * dx + dy * dy).squareRoot()
  }
}
