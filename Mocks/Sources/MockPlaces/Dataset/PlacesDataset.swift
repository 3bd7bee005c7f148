import Foundation

/// The places a mock server serves, loaded once and shared read-only by every handler.
public struct PlacesDataset: Sendable, Equatable {
  /// The places, in dataset order, with unique ids.
  public var places: [DatasetPlace]
  /// One line for each feature that was skipped while loading, naming the feature and the reason.
  public var warnings: [String]

  /// Creates a dataset from places already in memory.
  ///
  /// - Parameter places: The places. Later places with an id already seen are dropped.
  public init(places: [DatasetPlace]) {
    var seen = Set<String>()
    var unique: [DatasetPlace] = []
    var warnings: [String] = []
    for place in places {
      if seen.insert(place.id).inserted {
        unique.append(place)
      } else {
        warnings.append("place \(place.id): duplicate id; skipped")
      }
    }
    self.places = unique
    self.warnings = warnings
  }

  /// Loads a GeoJSON FeatureCollection of Point features from a file.
  ///
  /// - Parameter url: The file to read.
  /// - Returns: The dataset; features without a usable point or name are listed in ``warnings``.
  /// - Throws: ``DatasetError`` when the file cannot be read or is not a FeatureCollection.
  public static func load(contentsOf url: URL) throws(DatasetError) -> PlacesDataset {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw DatasetError(.unreadable, "\(url.path): cannot read the dataset: it is a directory")
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      let reason = (error as NSError).localizedFailureReason ?? "cannot be read"
      throw DatasetError(.unreadable, "\(url.path): cannot read the dataset: \(reason)")
    }
    return try PlacesDataset(geoJSON: data, source: url.path)
  }

  /// The places within `radius` metres (geodesic) of a point, each with its distance.
  ///
  /// A generous latitude/longitude box discards far places before the exact geodesic test.
  ///
  /// - Parameters:
  ///   - latitude: The centre's latitude in degrees.
  ///   - longitude: The centre's longitude in degrees.
  ///   - radius: The radius in metres; a place exactly on the circle is inside.
  /// - Returns: The matching places in dataset order with their distances in metres.
  public func places(
    within radius: Double,
    ofLatitude latitude: Double,
    longitude: Double
  ) -> [(place: DatasetPlace, distance: Double)] {
    let box = BoundingBox(latitude: latitude, longitude: longitude, radius: radius)
    return places.compactMap { place in
      guard box.mayContain(place.latitude, place.longitude) else { return nil }
      let distance = MockGeodesic.distance(latitude, longitude, place.latitude, place.longitude)
      return distance <= radius ? (place, distance) : nil
    }
  }
}
