import ForageGeodesy
import ForagePlace
import ForagePlacesData
import ForageSpatialIndex
import ForageWriters
import Foundation

extension NearbyRequest {
  /// Loads the dataset (and the track), builds the index and searches.
  ///
  /// - Parameter warn: Receives the dataset's report lines (``PlaceDataset/report(limit:)``):
  ///   skipped features and places without a name.
  /// - Returns: The places found, nearest first.
  /// - Throws: ``NearbyError`` when a file cannot be read, is malformed or has no usable place.
  public func search(warn: (String) -> Void) throws(NearbyError) -> NearbyResult {
    // Read the track first, so a bad track fails before any dataset warning is printed.
    var track: [Coordinate] = []
    if case .track(let path) = origin { track = try Self.trackPoints(path) }
    let dataset: PlaceDataset
    do {
      dataset = try PlaceDataset.load(path: places)
    } catch {
      throw error.isUnreadable ? .io(error.description) : .data(error.description)
    }
    dataset.report().forEach(warn)
    var places = dataset.places
    if let type { places.removeAll { !$0.hasType(type) } }
    let index = SpatialIndex(places)
    switch origin {
    case .point(let centre):
      return NearbyResult(
        places: Self.measured(index.nearest(limit, within: radius, of: centre)),
        attribution: dataset.attribution
      )
    case .track:
      return NearbyResult(
        places: Self.measured(index.along(track, within: radius).prefix(limit)),
        attribution: dataset.attribution
      )
    }
  }

  /// The neighbours as places with their distances, each measured once.
  private static func measured(_ neighbors: some Sequence<Neighbor<Place>>) -> [NearbyPlace] {
    neighbors.map { NearbyPlace($0.item, distance: $0.distance()) }
  }
}
