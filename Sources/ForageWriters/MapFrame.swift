import ForageFinder
import Foundation

/// Where a map's points go on an SVG canvas: a local equirectangular projection centred on the
/// middle of the points, fitted to a fixed width with a margin.
///
/// East is `x` and north is up. Metres are measured on a sphere of the Earth's mean radius, with
/// the east-west scale of the centre's latitude: within a city the scale bar is right to a few
/// parts in a thousand, plenty for a picture (distances printed as numbers are always the
/// finder's geodesic ones).
struct MapFrame {
  /// The canvas width in SVG units.
  static let width = 1000.0
  /// The tallest canvas; a tall track is fitted to this height instead.
  static let maximumHeight = 860.0
  /// The shortest canvas, so that the scale bar and a short track still fit.
  static let minimumHeight = 360.0
  /// The empty border around the points, in SVG units.
  static let margin = 40.0
  /// The smallest span shown, in metres, so one point still gets a map around it.
  static let minimumSpan = 200.0
  /// The Earth's mean radius in metres (IUGG R1).
  static let earthRadius = 6_371_008.8

  /// The canvas height in SVG units.
  let height: Double
  /// SVG units per metre.
  let scale: Double
  private let centreLatitude: Double
  private let centreLongitude: Double
  private let metresPerDegreeEast: Double
  private let metresPerDegreeNorth: Double

  /// Fits a frame around points given as latitude and longitude in degrees.
  init(latitudes: [Double], longitudes: [Double]) {
    let south = latitudes.min() ?? 0
    let north = latitudes.max() ?? 0
    centreLatitude = (south + north) / 2
    // Longitudes are taken relative to the first point, so a track across ±180° stays whole.
    let reference = longitudes.first ?? 0
    let relative = longitudes.map { Self.wrapped($0 - reference) }
    let west = relative.min() ?? 0
    let east = relative.max() ?? 0
    centreLongitude = reference + (west + east) / 2
    metresPerDegreeNorth = Self.earthRadius * .pi / 180
    metresPerDegreeEast = metresPerDegreeNorth * cos(centreLatitude * .pi / 180)
    let spanX = max(Self.minimumSpan, (east - west) * metresPerDegreeEast)
    let spanY = max(Self.minimumSpan, (north - south) * metresPerDegreeNorth)
    scale = min(
      (Self.width - 2 * Self.margin) / spanX,
      (Self.maximumHeight - 2 * Self.margin) / spanY
    )
    height = max(Self.minimumHeight, (spanY * scale + 2 * Self.margin).rounded(.up))
  }

  /// The canvas position of a coordinate.
  func point(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
    let east = Self.wrapped(longitude - centreLongitude) * metresPerDegreeEast
    let north = (latitude - centreLatitude) * metresPerDegreeNorth
    return (Self.width / 2 + east * scale, height / 2 - north * scale)
  }

  /// A longitude difference brought into −180…180.
  private static func wrapped(_ degrees: Double) -> Double {
    var value = degrees.truncatingRemainder(dividingBy: 360)
    if value > 180 { value -= 360 } else if value < -180 { value += 360 }
    return value
  }

  /// A number with at most one decimal, the same bytes on every machine: `12.3`, `-4`, `0`.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let tenths = Int((value * 10).rounded())
    let whole = abs(tenths) / 10
    let fraction = abs(tenths) % 10
    let sign = tenths < 0 ? "-" : ""
    return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
  }

  /// A distance in whole metres, or kilometres with one decimal from 10 km: `312 m`, `12.5 km`.
  static func metres(_ value: Double) -> String {
    value < 10_000 ? "\(Int(value.rounded())) m" : "\(number(value / 1000)) km"
  }

  /// The scale bar: a round length (1, 2 or 5 times a power of ten metres) drawn about a sixth
  /// of the canvas wide, and its label.
  var scaleBar: (length: Double, label: String) {
    let target = Self.width / 6 / scale
    let power = pow(10, (log10(target)).rounded(.down))
    let step = [5.0, 2, 1].first { $0 * power <= target } ?? 1
    let metres = step * power
    let label = metres >= 1000 ? "\(Self.number(metres / 1000)) km" : "\(Self.number(metres)) m"
    return (metres * scale, label)
  }
}
