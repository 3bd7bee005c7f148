import ForageFinder
import ForageGeodesy
import Foundation

/// Gathers what `forage demo` tells about its walk from the run's events: where the walk went,
/// how long it took, which places were most often the nearest, and whether the places nearest
/// along the way were open when the walk passed them.
///
/// An ``EventWriter`` that writes nothing: the demo passes it beside the map's writer.
final class DemoStory: EventWriter {
  /// A delivered fix: its time and position.
  private struct Point {
    var fixIndex: Int
    var time: Date
    var coordinate: Coordinate
  }

  private var first: Point?
  private var last: Point?
  /// The geodesic length of the delivered track, in metres.
  private(set) var distance = 0.0
  /// How many answers had each place nearest, by id, the place's name, and whether it was open
  /// (`open_at_fix`) at the first fix it was nearest to.
  private var nearestCounts: [String: (name: String, count: Int, open: Bool?)] = [:]

  func write(_ event: FinderEvent) throws {
    switch event.payload {
    case .location(let fixIndex, let latitude, let longitude, _):
      guard let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else {
        return
      }
      let point = Point(fixIndex: fixIndex, time: event.time, coordinate: coordinate)
      if let last { distance += Geodesic.distance(last.coordinate, coordinate) }
      if first == nil { first = point }
      last = point
    case .places(_, _, _, _, _, let places):
      guard let first = places.first else { return }
      let nearest = first.place
      let name = nearest.name.flatMap { $0.isEmpty ? nil : $0 } ?? "(no name, id \(nearest.id))"
      nearestCounts[nearest.id, default: (name, 0, first.openAtFix)].count += 1
    default:
      break
    }
  }

  func finish() throws {}

  /// The places most often nearest, most first (ties by name, then id): name and count.
  func mostOftenNearest(_ count: Int) -> [(name: String, count: Int)] {
    nearestCounts
      .sorted { ($1.value.count, $0.value.name, $0.key) < ($0.value.count, $1.value.name, $1.key) }
      .prefix(count)
      .map { (Self.printable($0.value.name), $0.value.count) }
  }

  /// Of the places that were the nearest at some fix, how many were open, closed, or of unknown
  /// hours at the first fix they were nearest to.
  func openWhenPassed() -> (open: Int, closed: Int, unknown: Int) {
    let states = nearestCounts.values.map(\.open)
    return (
      states.count { $0 == true }, states.count { $0 == false }, states.count { $0 == nil }
    )
  }

  /// Where the walk started and ended, and how long it lasted, in one line.
  var walk: String {
    guard let first, let last else { return "No fix was delivered." }
    let seconds = Int(last.time.timeIntervalSince(first.time).rounded())
    let duration = "\(seconds / 3600) h \(seconds % 3600 / 60) min \(seconds % 60) s"
    let kilometres = (distance / 10).rounded() / 100
    return "From \(Self.position(first.coordinate)) (fix \(first.fixIndex)) to "
      + "\(Self.position(last.coordinate)) (fix \(last.fixIndex)): \(kilometres) km in \(duration)."
  }

  /// A coordinate with five decimals (about a metre).
  private static func position(_ coordinate: Coordinate) -> String {
    String(format: "%.5f,%.5f", coordinate.latitude, coordinate.longitude)
  }

  /// A name with control characters shown as U+FFFD, so a name cannot drive the terminal.
  private static func printable(_ name: String) -> String {
    String(
      String.UnicodeScalarView(
        name.unicodeScalars.map { $0.properties.generalCategory == .control ? "\u{FFFD}" : $0 }
      )
    )
  }
}

/// Hands every event to two writers, in order: the output's and an observer.
final class PairedWriter: EventWriter {
  private let first: any EventWriter
  private let second: any EventWriter

  /// Pairs two writers.
  init(_ first: any EventWriter, _ second: any EventWriter) {
    self.first = first
    self.second = second
  }

  var wantsCoverage: Bool { first.wantsCoverage || second.wantsCoverage }

  func write(_ event: FinderEvent) throws {
    try first.write(event)
    try second.write(event)
  }

  func finish() throws {
    try first.finish()
    try second.finish()
  }
}
