import ForageFinder
import ForagePlaceDataset
import ForageSupport
import ForageWriters
import Foundation

/// Compares two files byte for byte, a chunk at a time.
func filesIdentical(_ first: URL, _ second: URL) throws -> Bool {
  let one = try FileHandle(forReadingFrom: first)
  let other = try FileHandle(forReadingFrom: second)
  defer {
    try? one.close()
    try? other.close()
  }
  while true {
    let left = try one.read(upToCount: 1 << 20) ?? Data()
    let right = try other.read(upToCount: 1 << 20) ?? Data()
    if left != right { return false }
    if left.isEmpty { return true }
  }
}

/// Collects the first events of a run, and nothing else.
final class EventCapture: EventWriter {
  let limit: Int
  var events: [FinderEvent] = []
  init(limit: Int) { self.limit = limit }
  func write(_ event: FinderEvent) throws { if events.count < limit { events.append(event) } }
  func finish() throws {}
}

/// What the writers alone do with the same events.
struct WriterFigures {
  var events: Int
  var bytes: Int
  /// MB/s of the byte writer (``NDJSONWriter``) and of the String-based baseline.
  var rate: Double
  var legacyRate: Double
}

/// Writes the first `events` events of the track's run with both writers into memory (best of 5
/// rounds each, interleaved) and checks they wrote the same bytes.
func measureWriters(
  track url: URL,
  dataset: PlaceDataset,
  events: Int
) async throws -> WriterFigures {
  let capture = EventCapture(limit: events)
  _ = try await measure(track: url, policy: .coverage, dataset: dataset, writer: capture)
  var best = Double.infinity
  var legacyBest = Double.infinity
  var bytes = 0
  for _ in 0..<5 {
    let sink = ByteCountSink()
    let writer = NDJSONWriter(sink: sink)
    var started = ContinuousClock.now
    for event in capture.events { try writer.write(event) }
    best = min(best, (ContinuousClock.now - started).seconds)
    bytes = sink.bytes
    var legacyBytes = 0
    started = ContinuousClock.now
    for event in capture.events { legacyBytes += LegacyEventText.line(event).utf8.count }
    legacyBest = min(legacyBest, (ContinuousClock.now - started).seconds)
    if legacyBytes != bytes { throw BenchmarkError("the writers wrote different byte counts") }
  }
  return WriterFigures(
    events: capture.events.count,
    bytes: bytes,
    rate: Double(bytes) / best / 1e6,
    legacyRate: Double(bytes) / legacyBest / 1e6
  )
}

/// A sink that only counts the bytes it is given.
final class ByteCountSink: TextSink {
  private(set) var bytes = 0
  func write(_ text: String) throws { bytes += text.utf8.count }
  func write(utf8 bytes: UnsafeRawBufferPointer) throws { self.bytes += bytes.count }
  func commit() throws {}
}
