import Foundation

/// A box in degrees that surely holds every point within a radius of a centre.
///
/// A degree of latitude is never shorter than 110 574 m, so the latitude span is exact enough
/// with a 10 % margin; the longitude span uses the parallel nearest a pole within that band, and
/// is dropped (anything passes) near the poles or across the antimeridian.
struct BoundingBox {
  private let latitudes: ClosedRange<Double>
  private let longitudes: ClosedRange<Double>?

  init(latitude: Double, longitude: Double, radius: Double) {
    let latitudeSpan = radius / 110_574 * 1.1 + 1e-9
    latitudes = (latitude - latitudeSpan)...(latitude + latitudeSpan)
    let extreme = max(abs(latitudes.lowerBound), abs(latitudes.upperBound))
    guard extreme < 80 else {
      longitudes = nil
      return
    }
    let longitudeSpan = latitudeSpan / cos(extreme * .pi / 180) * 1.1
    let range = (longitude - longitudeSpan)...(longitude + longitudeSpan)
    longitudes = range.lowerBound >= -180 && range.upperBound <= 180 ? range : nil
  }

  /// Whether the point may be within the radius; `false` means it surely is not.
  func mayContain(_ latitude: Double, _ longitude: Double) -> Bool {
    latitudes.contains(latitude) && (longitudes?.contains(longitude) ?? true)
  }
}
