import ForageGeodesy
import ForageSupport
import Foundation

/// A deterministic GeoJSON places dataset around a track, for oracle tests on tracks that have
/// no real places data.
///
/// It mixes types (restaurants, take-aways that are also restaurants, cafés, bars, shops), marks
/// some places closed, puts a dense cluster of restaurants beside one fix (more than the 60 a
/// search can return, so capped answers happen) and a few pairs at the same point (ties by id).
enum GeneratedPlaces {
  /// The types a generated place can have, with their weights.
  private static let typeChoices: [(types: [String], weight: Int)] = [
    (["restaurant", "food", "point_of_interest", "establishment"], 45),
    (["meal_takeaway", "restaurant", "food", "point_of_interest", "establishment"], 10),
    (["cafe", "food", "point_of_interest", "establishment"], 20),
    (["bar", "point_of_interest", "establishment"], 15),
    (["store", "point_of_interest", "establishment"], 10),
  ]

  /// Writes the dataset.
  ///
  /// - Parameters:
  ///   - positions: The track's delivered positions (latitude, longitude); must not be empty.
  ///   - scattered: How many places to scatter within ~900 m of random positions.
  ///   - clustered: How many restaurants to pack within 150 m of the middle position.
  ///   - seed: The random seed; the same seed gives the same bytes.
  ///   - url: Where to write the FeatureCollection.
  static func write(
    around positions: [(latitude: Double, longitude: Double)],
    scattered: Int = 240,
    clustered: Int = 75,
    seed: UInt64,
    to url: URL
  ) throws {
    precondition(!positions.isEmpty, "a dataset needs a track position to gather around")
    var random = SplitMix64(seed: seed)
    var features: [String] = []
    var placed: [(latitude: Double, longitude: Double)] = []
    func add(at point: Coordinate, types: [String], status: String) {
      let number = features.count
      // Ids in no particular order relative to position or creation, so ties by id matter.
      let id = "gen-" + String(random.next() % 0xFFFFFF, radix: 16) + "-\(number)"
      let rating = Double(10 + random.next() % 41) / 10
      features.append(
        #"{"type":"Feature","geometry":{"type":"Point","coordinates":["#
          + "\(point.longitude),\(point.latitude)]},\"properties\":{\"place_id\":\"\(id)\","
          + "\"name\":\"Generated \(types[0]) \(number)\",\"types\":["
          + types.map { "\"\($0)\"" }.joined(separator: ",")
          + "],\"business_status\":\"\(status)\",\"rating\":\(rating),"
          + "\"vicinity\":\"Track side \(number)\"}}"
      )
      placed.append((point.latitude, point.longitude))
    }
    func status() -> String {
      switch random.next() % 100 {
      case 0..<6: "CLOSED_TEMPORARILY"
      case 6..<10: "CLOSED_PERMANENTLY"
      default: "OPERATIONAL"
      }
    }
    func types() -> [String] {
      var pick = Int(random.next() % 100)
      for choice in typeChoices {
        if pick < choice.weight { return choice.types }
        pick -= choice.weight
      }
      return typeChoices[0].types
    }
    func point(
      near position: (latitude: Double, longitude: Double),
      within metres: Double
    ) throws
      -> Coordinate
    {
      let azimuth = Double(random.next() % 360_000) / 1000
      let distance = metres * (Double(random.next() % 1_000_001) / 1_000_000).squareRoot()
      return Geodesic.destination(
        from: try Coordinate(latitude: position.latitude, longitude: position.longitude),
        azimuth: azimuth,
        distance: distance
      )
    }
    for _ in 0..<scattered {
      let position = positions[Int(random.next() % UInt64(positions.count))]
      add(at: try point(near: position, within: 900), types: types(), status: status())
    }
    let middle = positions[positions.count / 2]
    for _ in 0..<clustered {
      add(
        at: try point(near: middle, within: 150),
        types: typeChoices[0].types,
        status: status()
      )
    }
    // Twins of cluster restaurants at the very same point: the answer must order them by id.
    for index in stride(from: scattered, to: placed.count, by: 12) {
      let twin = placed[index]
      add(
        at: try Coordinate(latitude: twin.latitude, longitude: twin.longitude),
        types: typeChoices[0].types,
        status: "OPERATIONAL"
      )
    }
    let text =
      "{\"type\":\"FeatureCollection\",\"features\":[\n" + features.joined(separator: ",\n")
      + "\n]}\n"
    try Data(text.utf8).write(to: url)
  }
}
