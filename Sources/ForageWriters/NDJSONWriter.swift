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

/// Writes every event in one JSON document at the end: `{"events":[...],"summary":{...}}`.
public final class JSONDocumentWriter: EventWriter {
  private let sink: any TextSink
  /// The events so far, each followed by a comma.
  private var events = JSONOutput()
  private var summary: JSONValue = .null

  /// Creates a writer over a sink.
  public init(sink: any TextSink) { self.sink = sink }

  public func write(_ event: FinderEvent) throws {
    event.write(to: &events)
    events.append(UInt8(ascii: ","))
    if case .summary(let totals) = event.payload { summary = .object(totals.jsonMembers()) }
  }

  public func finish() throws {
    var document = JSONOutput(capacity: events.bytes.count + 512)
    document.append(#"{"events":["#)
    document.append(bytes: events.bytes.dropLast())
    document.append(#"],"summary":"#)
    document.write(summary)
    document.append("}\n")
    try document.bytes.withUnsafeBytes { try sink.write(utf8: $0) }
    try sink.commit()
  }
}
