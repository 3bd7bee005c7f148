import ForageFinder
import ForageWriters

/// Writes NDJSON to a file sink with the writer `forage run` uses, or with the String-based
/// writer it had before (``LegacyEventText``, the baseline).
final class FileRunWriter: EventWriter {
  private let sink: AtomicFileSink
  private let ndjson: NDJSONWriter
  private let isLegacy: Bool

  init(sink: AtomicFileSink, isLegacy: Bool) {
    self.sink = sink
    self.isLegacy = isLegacy
    ndjson = NDJSONWriter(sink: sink)
  }

  func write(_ event: FinderEvent) throws {
    if isLegacy {
      try sink.write(LegacyEventText.line(event))
    } else {
      try ndjson.write(event)
    }
  }

  func finish() throws {
    if isLegacy { try sink.commit() } else { try ndjson.finish() }
  }
}
