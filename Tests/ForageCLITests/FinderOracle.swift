import ForageGeodesy
import ForagePlaceDataset
import ForagePlaceModel
import Foundation
import MockPlaces

/// The answer a `places` event must hold, computed by brute force from the dataset file: every
/// place of the requested type that is not closed, its geodesic distance from the fix, those
/// within the radius sorted by distance then id, the first K kept.
///
/// The dataset is read with the mock's own loader, so OSM tags map to the same Google types the
/// mock serves; nothing else of the finder is used.
struct FinderOracle {
  /// A place that can be an answer.
  struct Candidate {
    var id: String
    var name: String?
    var latitude: Double
    var longitude: Double
  }

  /// The places of the requested type that are open for business.
  let candidates: [Candidate]
  /// R, in metres.
  let radius: Double
  /// K.
  let limit: Int

  /// Loads a dataset and keeps the places a search for `type` can return.
  ///
  /// - Parameters:
  ///   - dataset: The GeoJSON file the mock serves.
  ///   - type: The requested type, or `nil` for any.
  ///   - radius: R in metres.
  ///   - limit: K.
  init(dataset: URL, type: String? = "restaurant", radius: Double = 500, limit: Int = 20) throws {
    try self.init(dataset: dataset, radius: radius, limit: limit) { place in
      // As Google (and the mock) do without a keyword: closed businesses are left out.
      guard !place.isClosed else { return false }
      guard let type else { return true }
      return place.types.contains { $0.lowercased() == type }
    }
  }

  /// Loads a dataset and keeps the places an Overpass search returns: those tagged
  /// `amenity=AMENITY` whose name contains `keyword` (ASCII case ignored), closed or not.
  init(
    dataset: URL,
    amenity: String,
    keyword: String? = nil,
    radius: Double = 500,
    limit: Int = 20
  ) throws {
    try self.init(dataset: dataset, radius: radius, limit: limit) { place in
      guard place.properties["amenity"] == amenity else { return false }
      guard let keyword else { return true }
      return (place.name ?? "").lowercased().contains(keyword.lowercased())
    }
  }

  private init(
    dataset: URL,
    radius: Double,
    limit: Int,
    isCandidate: (Place) -> Bool
  ) throws {
    let places = try PlaceDataset.load(contentsOf: dataset).places
    candidates = places.filter(isCandidate).map {
      Candidate(id: $0.id, name: $0.name, latitude: $0.latitude, longitude: $0.longitude)
    }
    self.radius = radius
    self.limit = limit
  }

  /// The K nearest candidates within R of a point, nearest first, ties by id.
  func answer(latitude: Double, longitude: Double) throws -> [(Candidate, distance: Double)] {
    let centre = try Coordinate(latitude: latitude, longitude: longitude)
    var within: [(Candidate, distance: Double)] = []
    for candidate in candidates {
      let distance = Geodesic.distance(
        centre,
        try Coordinate(latitude: candidate.latitude, longitude: candidate.longitude)
      )
      if distance <= radius { within.append((candidate, distance)) }
    }
    within.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.0.id < $1.0.id }
    return Array(within.prefix(limit))
  }

  /// Compares every `places` event of a run with the oracle's answer at its `at` position.
  ///
  /// - Returns: One line for each event that differs (empty when all agree).
  func mismatches(in output: RunOutput) throws -> [String] {
    var problems: [String] = []
    for event in output.named("places") {
      let fix = event.fixIndex ?? -1
      guard let at = event.at, let places = event.places else {
        problems.append("fix \(fix): places event without at or places")
        continue
      }
      if event.radius != radius {
        problems.append("fix \(fix): radius_m \(event.radius ?? -1), expected \(radius)")
      }
      let expected = try answer(latitude: at.lat, longitude: at.lon)
      let expectedIDs = expected.map(\.0.id)
      guard places.map(\.id) == expectedIDs else {
        problems.append(
          "fix \(fix) at \(at.lat),\(at.lon): got \(places.count) places "
            + "\(places.prefix(4).map(\.id)), expected \(expected.count) \(expectedIDs.prefix(4))"
            + " (first difference at rank "
            + "\(zip(places.map(\.id), expectedIDs).prefix { $0 == $1 }.count))"
        )
        continue
      }
      for (place, (candidate, distance)) in zip(places, expected) {
        // distance_m is written to the millimetre.
        if abs(place.distance - distance) > 0.0006 || place.name != candidate.name
          || place.lat != candidate.latitude || place.lon != candidate.longitude
        {
          problems.append(
            "fix \(fix): \(place.id) is \(place.name ?? "null") at \(place.lat),\(place.lon) "
              + "\(place.distance) m; expected \(candidate.name ?? "null") at "
              + "\(candidate.latitude),\(candidate.longitude) \(distance) m"
          )
        }
      }
    }
    return problems
  }
}
