import ForageFinder
import ForageGeodesy
import ForageNearby
import ForagePlaceDataset

/// The warning for a run no search can answer: every fix of the track is farther than the
/// search radius from every place (of any type) of the in-process mock's dataset, so every
/// answer will be empty (a Brussels track against the bundled Helsinki places, say).
enum FarTrackWarning {
  /// The warning line, without its `warning: ` prefix, or `nil` when some fix is within
  /// `radius` of a place (or the track cannot be read again).
  ///
  /// - Parameters:
  ///   - track: The track to be replayed.
  ///   - dataset: The places the mock serves.
  ///   - datasetName: The dataset as messages name it.
  ///   - radius: The search radius in metres.
  static func line(
    track: ReplayTrack,
    dataset: PlaceDataset,
    datasetName: String,
    radius: Double
  ) -> String? {
    guard let next = try? track.makeFixSource() else { return nil }
    // Streamed from the file, as the replay reads it: a long track is never held in memory.
    let points = AnyIterator { try? next() }.lazy.compactMap {
      try? Coordinate(latitude: $0.latitude, longitude: $0.longitude)
    }
    guard let gap = dataset.shortestDistance(from: points, stoppingAt: radius), gap > radius
    else { return nil }
    return "every fix is at least \(formatted(gap)) from the nearest place in \(datasetName), "
      + "farther than the search radius (\(radiusText(radius))): every answer will be empty"
  }

  /// A distance for people, rounded down (it is a least distance): `740 m`, `2.3 km`,
  /// `1 650 km`.
  static func formatted(_ metres: Double) -> String {
    if metres < 1000 { return "\(grouped(Int(metres.rounded(.down)))) m" }
    if metres < 10_000 {
      let tenths = Int((metres / 100).rounded(.down))
      return "\(tenths / 10).\(tenths % 10) km"
    }
    return "\(grouped(Int((metres / 1000).rounded(.down)))) km"
  }

  /// The radius as given: `500 m`, `12.5 m`.
  private static func radiusText(_ metres: Double) -> String {
    metres == metres.rounded() ? "\(Int(metres)) m" : "\(metres) m"
  }

  /// A whole number with its digits in groups of three: `1 650`, `20 004`.
  private static func grouped(_ number: Int) -> String {
    var digits = String(number)
    var groups: [Substring] = []
    while digits.count > 3 {
      groups.insert(Substring(digits.suffix(3)), at: 0)
      digits.removeLast(3)
    }
    groups.insert(Substring(digits), at: 0)
    return groups.joined(separator: " ")
  }
}
