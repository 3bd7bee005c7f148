import ForageSupport

/// Writes each event as one compact JSON line as soon as it happens.
public final class NDJSONWriter: EventWriter {
  private let sink: any TextSink

  /// Creates a writer over a sink.
  public init(sink: any TextSink) { self.sink = sink }

  public func write(_ event: FinderEvent) throws {
    try sink.write(event.json.serialized + "\n")
  }

  public func finish() throws { try sink.commit() }
}

/// Writes every event in one JSON document at the end: `{"events":[...],"summary":{...}}`.
public final class JSONDocumentWriter: EventWriter {
  private let sink: any TextSink
  private var events: [JSONValue] = []
  private var summary: JSONValue = .null

  /// Creates a writer over a sink.
  public init(sink: any TextSink) { self.sink = sink }

  public func write(_ event: FinderEvent) throws {
    events.append(event.json)
    if case .summary(let totals) = event.payload { summary = .object(totals.jsonMembers) }
  }

  public func finish() throws {
    let document = JSONValue.object([("events", .array(events)), ("summary", summary)])
    try sink.write(document.serialized + "\n")
    try sink.commit()
  }
}
