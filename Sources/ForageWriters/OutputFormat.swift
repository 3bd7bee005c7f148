import ForageFinder

/// How `forage` prints its events.
public enum OutputFormat: String, Sendable, CaseIterable {
  /// One JSON object a line, as events happen (the default, for scripts).
  case ndjson
  /// One JSON document with every event, its array streamed as events happen, the summary last.
  case json
  /// A GeoJSON FeatureCollection of the track and the places found, for a map.
  case geojson
  /// An aligned text table, for people.
  case table
  /// One self-contained HTML page with a map of the run, written at the end.
  case html

  /// Makes a writer of this format over a sink; every format carries the data's attribution
  /// from the run's summary (``RunSummary/attribution``).
  ///
  /// - Parameter sink: Where the output goes.
  public func makeWriter(to sink: any TextSink) -> any EventWriter {
    switch self {
    case .ndjson: NDJSONWriter(sink: sink)
    case .json: JSONDocumentWriter(sink: sink)
    case .geojson: GeoJSONWriter(sink: sink)
    case .table: TableWriter(sink: sink)
    case .html: HTMLMapWriter(sink: sink)
    }
  }
}
