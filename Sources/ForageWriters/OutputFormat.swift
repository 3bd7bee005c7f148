import ForageFinder

/// How `forage` prints its events.
public enum OutputFormat: String, Sendable, CaseIterable {
  /// One JSON object a line, as events happen (the default, for scripts).
  case ndjson
  /// One JSON document with every event, written at the end.
  case json
  /// A GeoJSON FeatureCollection of the track and the places found, for a map.
  case geojson
  /// An aligned text table, for people.
  case table
  /// One self-contained HTML page with a map of the run, written at the end.
  case html

  /// Makes a writer of this format over a sink.
  ///
  /// - Parameters:
  ///   - sink: Where the output goes.
  ///   - attribution: The attribution the places data asks for, shown by formats for people
  ///     that draw the data (``html``).
  public func makeWriter(to sink: any TextSink, attribution: [String] = []) -> any EventWriter {
    switch self {
    case .ndjson: NDJSONWriter(sink: sink)
    case .json: JSONDocumentWriter(sink: sink)
    case .geojson: GeoJSONWriter(sink: sink)
    case .table: TableWriter(sink: sink)
    case .html: HTMLMapWriter(sink: sink, attribution: attribution)
    }
  }
}
