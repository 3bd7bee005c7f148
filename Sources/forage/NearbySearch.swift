import ForageGeo
import Foundation

/// What `forage nearby` found.
struct NearbyResult {
  /// The places, nearest first, with their distances in metres.
  var neighbors: [Neighbor<PlaceRecord>]
}

/// Runs a `forage nearby` request against the library.
enum NearbySearch {
  /// Loads the dataset (and track), builds the index and searches.
  ///
  /// - Parameters:
  ///   - request: The validated request.
  ///   - warn: Receives one line per skipped feature.
  /// - Throws: ``NearbyError`` when a file cannot be read or is malformed.
  static func run(
    _ request: NearbyRequest,
    warn: (String) -> Void
  ) throws(NearbyError)
    -> NearbyResult
  {
    // Read the track first, so a bad track fails before any dataset warning is printed.
    var track: [Coordinate] = []
    if case .track(let path) = request.origin { track = try NearbyTrackFile.read(path) }
    let dataset: PlaceDataset
    do {
      dataset = try PlaceDataset.load(contentsOf: URL(fileURLWithPath: request.places))
    } catch {
      switch error {
      case .unreadable: throw .io(error.description)
      case .malformed: throw .data(error.description)
      }
    }
    for skipped in dataset.skipped { warn("\(request.places): \(skipped)") }
    var places = dataset.places
    if let type = request.type { places.removeAll { !$0.hasType(type) } }
    let index = SpatialIndex(places)
    switch request.origin {
    case .point(let centre):
      return NearbyResult(
        neighbors: index.nearest(request.limit, within: request.radius, of: centre)
      )
    case .track:
      return NearbyResult(
        neighbors: Array(index.along(track, within: request.radius).prefix(request.limit))
      )
    }
  }
}
