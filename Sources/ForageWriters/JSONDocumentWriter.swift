import ForageFinder
import ForageSupport

/// Writes every event in one JSON document, `{"events":[...],"summary":{...}}`, as the events
/// happen: the array is streamed, and the summary (the totals of the run's `summary` event,
/// `null` when it had none) follows it, last.
///
/// Memory stays at one event's bytes whatever the run's length, and the document is byte for
/// byte the one a writer that kept every event would build at the end.
public final class JSONDocumentWriter: EventWriter {
  private let sink: any TextSink
  /// One event's bytes, reused.
  private var piece = JSONOutput(capacity: 16 * 1024)
  /// Whether the document's opening, `{"events":[`, is written.
  private var isOpen = false
  private var summary: JSONValue = .null

  /// Creates a writer over a sink.
  public init(sink: any TextSink) { self.sink = sink }

  public func write(_ event: FinderEvent) throws {
    piece.removeAll()
    openOrSeparate()
    event.write(to: &piece)
    if case .summary(let totals) = event.payload { summary = .object(totals.jsonMembers()) }
    try piece.bytes.withUnsafeBytes { try sink.write(utf8: $0) }
  }

  public func finish() throws {
    piece.removeAll()
    if !isOpen { openOrSeparate() }
    piece.append(#"],"summary":"#)
    piece.write(summary)
    piece.append("}\n")
    try piece.bytes.withUnsafeBytes { try sink.write(utf8: $0) }
    try sink.commit()
  }

  /// Appends the document's opening before the first event, a comma before every other.
  private func openOrSeparate() {
    if isOpen {
      piece.append(UInt8(ascii: ","))
    } else {
      piece.append(#"{"events":["#)
      isOpen = true
    }
  }
}
