import ForageFinder
import ForageSupport

/// Writes each event as one compact JSON line as soon as it happens.
///
/// Each line is written as UTF-8 into one reused buffer (``FinderEvent/write(to:)``) and handed
/// to the sink as bytes: no `String` and no allocation per event once the buffer has grown.
public final class NDJSONWriter: EventWriter {
  private let sink: any TextSink
  private var line = JSONOutput(capacity: 16 * 1024)

  /// Creates a writer over a sink.
  public init(sink: any TextSink) { self.sink = sink }

  public func write(_ event: FinderEvent) throws {
    line.removeAll()
    event.write(to: &line)
    line.append(UInt8(ascii: "\n"))
    try line.bytes.withUnsafeBytes { try sink.write(utf8: $0) }
  }

  public func finish() throws { try sink.commit() }
}
