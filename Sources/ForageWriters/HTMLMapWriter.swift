import ForageFinder

/// Writes one self-contained HTML page at the end: an SVG map of the run, its legend, its totals
/// and the data's attribution.
///
/// The page fetches nothing (no tiles, fonts, scripts or images from elsewhere) and runs no
/// script: places explain themselves in their hover titles and in a table of every place found.
/// The map shows the delivered track coloured by where each fix's answer came from (the network,
/// the coverage cache, a places cache file; with `--changes-only` a fix with no `places` event
/// keeps the last colour), the dropped fixes, the fixes that asked the network, every place
/// found, the searched area (the GEOS coverage polygons, ``RunSummary/coverage``), a scale bar,
/// a legend and the attribution the data asks for (``RunSummary/attribution``, so a replay shows
/// it as the run did).
///
/// Same events, same bytes: no clock, no random ids, numbers with one fixed decimal. To keep a
/// long track's page small, the track is drawn through fixes at least 1.5 map units (pixels at
/// the page's full width) apart, dropped fixes and network answers at least 3 apart, and the
/// searched area's outline through points at least 0.5 apart; the page says how many it drew.
public final class HTMLMapWriter: EventWriter {
  private let sink: any TextSink
  private var map = RunMap()

  /// Creates a writer over a sink.
  ///
  /// - Parameter sink: Where the page goes, at the end.
  public init(sink: any TextSink) {
    self.sink = sink
  }

  /// The page draws the searched area, so the run reports it.
  public var wantsCoverage: Bool { true }

  public func write(_ event: FinderEvent) throws {
    map.take(event)
  }

  public func finish() throws {
    try sink.write(map.html())
    try sink.commit()
  }
}
