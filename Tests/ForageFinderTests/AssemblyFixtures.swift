import ForageFinder
import ForageProviders
import ForageTracks
import Foundation
import Synchronization

/// Tracks, sinks and writers for tests that run the whole finder assembly.
enum AssemblyFixtures {
  /// Where the generated walks start: central Helsinki.
  static let start = (latitude: 60.1699, longitude: 24.9384)

  /// A world of 400 restaurants and cafes, 40 m apart, around the start.
  static let world = FakePlacesProvider.world(
    around: start.latitude,
    start.longitude,
    count: 400,
    spacing: 40
  )

  /// Options for a small, quick search.
  static let options = FinderOptions(query: PlacesQuery(radius: 200, limit: 5))

  /// Writes a 1 Hz GPX walk going east at `metresPerSecond` and prepares it for replay; the
  /// file is removed when the returned value is released.
  static func walk(fixes: Int, metresPerSecond: Double = 3) throws -> WalkFile {
    let metresPerDegree = 111_320 * cos(start.latitude * .pi / 180)
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="ForageFinderTests" xmlns="http://www.topografix.com/GPX/1/1">
      <trk><trkseg>

      """
    for index in 0..<fixes {
      let longitude = start.longitude + Double(index) * metresPerSecond / metresPerDegree
      let seconds = String(format: "%02d:%02d", index / 60, index % 60)
      text +=
        "<trkpt lat=\"\(start.latitude)\" lon=\"\(longitude)\">"
        + "<time>2026-06-12T11:\(seconds)Z</time></trkpt>\n"
    }
    text += "</trkseg></trk></gpx>\n"
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "assembly-\(UUID().uuidString).gpx"
    )
    try Data(text.utf8).write(to: url)
    return try WalkFile(url: url)
  }
}

/// A generated track file, removed on release (a replay reads the file again while it runs).
final class WalkFile: Sendable {
  /// The prepared track.
  let track: ReplayTrack

  init(url: URL) throws {
    do {
      track = try ReplayTrack.prepare(url: url)
    } catch {
      try? FileManager.default.removeItem(at: url)
      throw error
    }
  }

  deinit { try? FileManager.default.removeItem(at: track.url) }

  /// Runs a finder over this track; the file lives at least as long as the run.
  func replay(
    _ finder: Finder,
    writer: any EventWriter = EventCollector()
  ) async throws -> FinderOutcome {
    try await finder.run(track: track, writer: writer)
  }
}

/// A text sink in memory.
final class MemorySink: TextSink, Sendable {
  private let state = Mutex((text: "", isCommitted: false))

  /// Everything written.
  var text: String { state.withLock { $0.text } }
  /// Whether ``commit()`` was called.
  var isCommitted: Bool { state.withLock { $0.isCommitted } }

  func write(_ text: String) throws { state.withLock { $0.text += text } }
  func commit() throws { state.withLock { $0.isCommitted = true } }
}

/// Keeps every event of a run.
final class EventCollector: EventWriter, Sendable {
  private let state = Mutex([FinderEvent]())

  /// The events, in order.
  var events: [FinderEvent] { state.withLock { $0 } }

  func write(_ event: FinderEvent) throws { state.withLock { $0.append(event) } }
  func finish() throws {}
}

/// Collects values from middleware and observers, in order.
final class Log<Value: Sendable>: Sendable {
  private let values = Mutex([Value]())

  /// Everything appended, in order.
  var all: [Value] { values.withLock { $0 } }

  /// Appends a value.
  func append(_ value: Value) { values.withLock { $0.append(value) } }
}
