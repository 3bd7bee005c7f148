import ForageGeodesy
import ForageTracks
import Foundation

extension NearbyRequest {
  /// The points of the track `forage nearby --along` follows, in order.
  ///
  /// Any format ``TrackReader`` reads (GPX 1.0/1.1, NMEA 0183, GeoJSON LineString/MultiLineString,
  /// CSV with a `lat,lon` header). Times do not matter for a corridor, so no point is dropped for
  /// its time. A file's track points are used; failing those its route points, then its waypoints.
  ///
  /// - Throws: ``NearbyError/io(_:)`` when the file cannot be read, ``NearbyError/data(_:)`` when
  ///   it is malformed or holds no usable point, naming the file and line.
  static func trackPoints(_ path: String) throws(NearbyError) -> [Coordinate] {
    var options = TrackReadOptions()
    options.missingTime = .keep
    options.timeBackwards = .keep
    options.duplicatePoint = .keep
    options.gap = .keep
    var byKind: [FixKind: [Coordinate]] = [:]
    do {
      let reader = try TrackReader.open(path: path, options: options)
      while let event = try reader.next() {
        guard case .fix(let fix) = event,
          let coordinate = try? Coordinate(latitude: fix.latitude, longitude: fix.longitude)
        else { continue }
        byKind[fix.kind, default: []].append(coordinate)
      }
    } catch {
      switch error.kind {
      case .unreadable: throw .io(error.description)
      case .malformed, .unknownFormat: throw .data(error.description)
      }
    }
    if let kind = FixKind.replayed(from: byKind.mapValues(\.count)), let points = byKind[kind] {
      return points
    }
    throw .data("\(path): expected at least one track point with a valid latitude and longitude")
  }
}
