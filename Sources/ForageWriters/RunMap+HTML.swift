import ForageFinder
import ForagePlaceModel

/// The page ``HTMLMapWriter`` writes: a map, a legend, the totals and the attribution.
extension RunMap {
  /// The colours of the track by answer source, and of everything else on the map.
  enum Colour {
    static let network = "#e6550d"
    static let cache = "#3182bd"
    static let stored = "#31a354"
    static let unanswered = "#969696"
    static let place = "#c51b8a"
    static let open = "#1a9850"
    static let closed = "#bdbdbd"
    static let dropped = "#7f2704"
    static let area = "#9ecae1"
  }

  /// The whole page.
  func html() -> String {
    let frame = MapFrame(latitudes: extent.latitudes, longitudes: extent.longitudes)
    var svg = ""
    let drawn = drawMap(into: &svg, frame: frame)
    let e = HTMLText.escaped
    var page = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>forage: a map of the run</title>
      <style>\(Self.style)</style>
      </head>
      <body>
      <header><h1>forage: a map of the run</h1><p>\(e(totals))</p></header>
      <main>
      \(svg)
      <aside>
      <h2>Legend</h2>
      <ul class="legend">
      \(Self.legend)
      </ul>
      <p class="note">\(e(drawn))</p>

      """
    if !errors.isEmpty {
      page += "<h2>Errors</h2>\n<ul>\n"
      for message in errors.prefix(20) { page += "<li>\(e(message))</li>\n" }
      if errors.count > 20 { page += "<li>and \(errors.count - 20) more</li>\n" }
      page += "</ul>\n"
    }
    page += "<h2>Data</h2>\n"
    if let attribution = summary?.attribution {
      page += "<p class=\"attribution\">\(e(attribution))</p>\n"
    } else {
      page += "<p>The places data asks for no attribution.</p>\n"
    }
    page += "</aside>\n</main>\n"
    page += placeTable()
    page += "</body>\n</html>\n"
    return page
  }

  /// The totals in one sentence.
  private var totals: String {
    guard let summary else {
      return
        "\(track.count) fixes delivered, \(dropped.count) dropped; \(order.count) places found."
    }
    return
      (summary.isComplete ? "" : "So far (the replay stopped before the run's end): ")
      + "\(summary.fixes) fixes: \(summary.fixesUsed) delivered, \(summary.fixesDropped) dropped, "
      + "\(summary.fixesLost) lost. \(summary.answers) answers: "
      + "\(summary.answers - summary.cacheAnswers) from the network in \(summary.requests) "
      + "requests\(summary.billText.map { " (\($0))" } ?? ""), \(summary.cacheAnswers) from the "
      + "cache. \(order.count) places found"
      + (summary.errors > 0 ? ", \(summary.errors) errors" : "")
      + (summary.fixesUnanswered > 0 ? ", \(summary.fixesUnanswered) fixes unanswered" : "")
      + (summary.fixesSkipped > 0 ? ", \(summary.fixesSkipped) fixes skipped (overtaken)." : ".")
  }

  /// Draws the SVG map and returns a sentence saying what was thinned out.
  private func drawMap(into svg: inout String, frame: MapFrame) -> String {
    let n = MapFrame.number
    let width = n(MapFrame.width)
    let height = n(frame.height)
    svg += """
      <svg class="map" viewBox="0 0 \(width) \(height)" role="img" \
      aria-label="A map of the run">
      <rect class="land" x="0" y="0" width="\(width)" height="\(height)"/>

      """
    let areaPoints = drawArea(into: &svg, frame: frame)
    let trackPoints = drawTrack(into: &svg, frame: frame)
    let droppedDrawn = drawMarks(
      dropped,
      into: &svg,
      frame: frame,
      spacing: 3,
      mark: { "<path class=\"dropped\" d=\"M\(n($0 - 3)),\(n($1 - 3))l6,6m0,-6l-6,6\"/>" }
    )
    let networkDrawn = drawMarks(
      networkAnswers,
      into: &svg,
      frame: frame,
      spacing: 3,
      mark: {
        "<rect class=\"request\" x=\"\(n($0 - 3.5))\" y=\"\(n($1 - 3.5))\" width=\"7\" height=\"7\"/>"
      }
    )
    drawEnds(into: &svg, frame: frame)
    svg += "<g class=\"places\">\n"
    for seen in seenPlaces {
      let at = frame.point(latitude: seen.place.latitude, longitude: seen.place.longitude)
      svg +=
        "<circle class=\"\(Self.placeClass(seen))\" cx=\"\(n(at.x))\" cy=\"\(n(at.y))\" r=\"5\"><title>"
        + HTMLText.escaped(Self.describe(seen)) + "</title></circle>\n"
    }
    svg += "</g>\n"
    drawScaleBar(into: &svg, frame: frame)
    if track.isEmpty && dropped.isEmpty {
      svg +=
        "<text class=\"empty\" x=\"\(n(MapFrame.width / 2))\" y=\"\(n(frame.height / 2))\">"
        + "No fix was delivered.</text>\n"
    }
    svg += "</svg>"
    return "Drawn: \(trackPoints) of \(track.count) delivered fixes as the track's vertices, "
      + "\(droppedDrawn) of \(dropped.count) dropped fixes, \(networkDrawn) of "
      + "\(networkAnswers.count) network answers and \(areaPoints) points of the searched "
      + "area's outline (nearby points merge at this scale)."
  }

  /// The searched area as one path filled with the nonzero rule; returns the points drawn.
  private func drawArea(into svg: inout String, frame: MapFrame) -> Int {
    guard let rings = summary?.coverage?.rings, !rings.isEmpty else { return 0 }
    let n = MapFrame.number
    var path = ""
    var count = 0
    for ring in rings {
      var last: (x: Double, y: Double)?
      var ringPath = ""
      var ringCount = 0
      for coordinate in ring {
        let at = frame.point(latitude: coordinate.latitude, longitude: coordinate.longitude)
        if let last, Self.distance(last, at) < 0.5 { continue }
        ringPath += (last == nil ? "M" : "L") + "\(n(at.x)),\(n(at.y))"
        last = at
        ringCount += 1
      }
      guard ringCount >= 3 else { continue }
      path += ringPath + "Z"
      count += ringCount
    }
    svg += "<path class=\"area\" d=\"\(path)\"/>\n"
    return count
  }

  /// The track as polylines, one for each run of fixes with the same answer source; returns
  /// the vertices drawn.
  private func drawTrack(into svg: inout String, frame: MapFrame) -> Int {
    guard !track.isEmpty else { return 0 }
    let n = MapFrame.number
    var count = 0
    var source: FinderEvent.Source?
    var runSource: FinderEvent.Source?
    var points: [(x: Double, y: Double)] = []
    func flush() {
      guard points.count >= 2 else { return }
      let list = points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
      svg += "<polyline class=\"track \(Self.className(runSource))\" points=\"\(list)\"/>\n"
    }
    for (index, fix) in track.enumerated() {
      source = fix.source ?? source
      let at = frame.point(latitude: fix.latitude, longitude: fix.longitude)
      if index > 0, source != runSource {
        // A new colour starts where the last one ended, so the line has no gap.
        if let last = points.last, Self.distance(last, at) >= 0 { points.append(at) }
        count += 1
        flush()
        points = [at]
        runSource = source
        continue
      }
      runSource = source
      let isLast = index == track.count - 1
      if let last = points.last, !isLast, Self.distance(last, at) < 1.5 { continue }
      points.append(at)
      count += 1
    }
    if points.count == 1, let only = points.first { points.append(only) }
    flush()
    return count
  }

  /// Marks at least `spacing` units apart; returns how many were drawn.
  private func drawMarks(
    _ positions: [Position],
    into svg: inout String,
    frame: MapFrame,
    spacing: Double,
    mark: (Double, Double) -> String
  ) -> Int {
    var drawn: [(x: Double, y: Double)] = []
    var grid: Set<[Int]> = []
    for position in positions {
      let at = frame.point(latitude: position.latitude, longitude: position.longitude)
      let cell = [Int((at.x / spacing).rounded()), Int((at.y / spacing).rounded())]
      guard grid.insert(cell).inserted else { continue }
      drawn.append(at)
      svg += mark(at.x, at.y) + "\n"
    }
    return drawn.count
  }

  /// The start and end of the delivered track.
  private func drawEnds(into svg: inout String, frame: MapFrame) {
    guard let first = track.first, let last = track.last else { return }
    let n = MapFrame.number
    let start = frame.point(latitude: first.latitude, longitude: first.longitude)
    let end = frame.point(latitude: last.latitude, longitude: last.longitude)
    svg += """
      <circle class="start" cx="\(n(start.x))" cy="\(n(start.y))" r="7"><title>start: \
      fix \(first.fixIndex)</title></circle>
      <rect class="end" x="\(n(end.x - 6))" y="\(n(end.y - 6))" width="12" height="12"><title>\
      end: fix \(last.fixIndex)</title></rect>

      """
  }

  /// The scale bar in the bottom left corner.
  private func drawScaleBar(into svg: inout String, frame: MapFrame) {
    let n = MapFrame.number
    let bar = frame.scaleBar
    let x = 20.0
    let y = frame.height - 20
    svg += """
      <g class="scale">
      <rect x="\(n(x - 8))" y="\(n(y - 26))" width="\(n(bar.length + 16))" height="34"/>
      <path d="M\(n(x)),\(n(y - 6))v6h\(n(bar.length))v-6"/>
      <text x="\(n(x + bar.length / 2))" y="\(n(y - 10))">\(bar.label)</text>
      </g>

      """
  }

  /// The table of every place found, folded.
  private func placeTable() -> String {
    let e = HTMLText.escaped
    var table = """
      <details>
      <summary>All \(order.count) places found</summary>
      <table>
      <thead><tr><th>name</th><th>type</th><th>first seen at fix</th><th>distance then</th>\
      <th>nearest</th><th>open when nearest</th><th>answers listing it</th></tr></thead>
      <tbody>

      """
    for seen in seenPlaces {
      table +=
        "<tr><td>\(e(Self.name(of: seen.place)))</td><td>\(e(Self.type(of: seen.place)))</td>"
        + "<td>\(seen.firstFixIndex)</td><td>\(MapFrame.metres(seen.firstDistance))</td>"
        + "<td>\(MapFrame.metres(seen.nearestDistance))</td>"
        + "<td>\(Self.openness(seen.openWhenNearest))</td><td>\(seen.timesListed)</td></tr>\n"
    }
    table += "</tbody>\n</table>\n</details>\n"
    return table
  }

  /// A place's hover text: name, type, distances and the first fix that saw it.
  static func describe(_ seen: SeenPlace) -> String {
    "\(name(of: seen.place))\n\(type(of: seen.place)), \(MapFrame.metres(seen.firstDistance)) "
      + "from fix \(seen.firstFixIndex), which saw it first; nearest "
      + "\(MapFrame.metres(seen.nearestDistance)) (\(openness(seen.openWhenNearest)) then); in "
      + "\(seen.timesListed) answers"
  }

  /// Whether a place was open, in words: `open`, `closed` or `hours unknown`.
  static func openness(_ isOpen: Bool?) -> String {
    switch isOpen {
    case true?: "open"
    case false?: "closed"
    case nil: "hours unknown"
    }
  }

  /// A place mark's CSS classes: coloured by whether it was open when the track passed nearest.
  static func placeClass(_ seen: SeenPlace) -> String {
    switch seen.openWhenNearest {
    case true?: "place open"
    case false?: "place closed"
    case nil: "place"
    }
  }

  /// A place's name, or its id when it has none.
  static func name(of place: Place) -> String {
    guard let name = place.name, !name.isEmpty else { return "(no name, id \(place.id))" }
    return name
  }

  /// A place's first type, or "place".
  static func type(of place: Place) -> String {
    place.types.first ?? "place"
  }

  /// The CSS class of a track colour.
  static func className(_ source: FinderEvent.Source?) -> String {
    source.map(\.rawValue) ?? "unanswered"
  }

  static func distance(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
  }

  /// The legend's items, each with a small picture of its mark.
  static let legend = [
    (
      "<line x1=\"2\" y1=\"8\" x2=\"26\" y2=\"8\" class=\"track network\"/>",
      "track: answer from the network"
    ),
    (
      "<line x1=\"2\" y1=\"8\" x2=\"26\" y2=\"8\" class=\"track cache\"/>",
      "track: answer from the coverage cache"
    ),
    (
      "<line x1=\"2\" y1=\"8\" x2=\"26\" y2=\"8\" class=\"track stored\"/>",
      "track: answer from a places cache file"
    ),
    (
      "<line x1=\"2\" y1=\"8\" x2=\"26\" y2=\"8\" class=\"track unanswered\"/>",
      "track: no answer yet"
    ),
    (
      "<rect class=\"request\" x=\"10.5\" y=\"4.5\" width=\"7\" height=\"7\"/>",
      "a fix that asked the network"
    ),
    ("<path class=\"dropped\" d=\"M11,5l6,6m0,-6l-6,6\"/>", "a dropped fix"),
    (
      "<circle class=\"place open\" cx=\"14\" cy=\"8\" r=\"5\"/>",
      "a place found, open when the track passed nearest (hover for more)"
    ),
    ("<circle class=\"place closed\" cx=\"14\" cy=\"8\" r=\"5\"/>", "… closed then"),
    ("<circle class=\"place\" cx=\"14\" cy=\"8\" r=\"5\"/>", "… its hours unknown"),
    ("<rect class=\"area\" x=\"2\" y=\"1\" width=\"24\" height=\"14\"/>", "the searched area"),
    ("<circle class=\"start\" cx=\"14\" cy=\"8\" r=\"6\"/>", "start"),
    ("<rect class=\"end\" x=\"9\" y=\"3\" width=\"10\" height=\"10\"/>", "end"),
  ].map { "<li><svg viewBox=\"0 0 28 16\">\($0.0)</svg>\($0.1)</li>" }.joined(separator: "\n")

  /// The page's style sheet: system fonts only, nothing fetched.
  static let style = """
    body{margin:0;font:14px/1.4 system-ui,sans-serif;color:#222;background:#fff}\
    header{padding:8px 16px}h1{font-size:18px;margin:0}h2{font-size:15px;margin:12px 0 4px}\
    header p{margin:2px 0}main{display:flex;gap:16px;padding:0 16px;align-items:flex-start}\
    svg.map{flex:1 1 0;min-width:0;max-width:1000px;height:auto;border:1px solid #bbb}\
    aside{flex:0 0 230px}aside p{margin:4px 0}.note{color:#555;font-size:12px}\
    .legend{list-style:none;margin:0;padding:0}.legend li{display:flex;gap:6px;align-items:center}\
    .legend svg{width:28px;height:16px;flex:none}\
    .land{fill:#f4f1ea}.area{fill:\(Colour.area);fill-opacity:.55;fill-rule:nonzero;stroke:none}\
    .track{fill:none;stroke-width:3;stroke-linejoin:round;stroke-linecap:round}\
    .network{stroke:\(Colour.network)}.cache{stroke:\(Colour.cache)}\
    .stored{stroke:\(Colour.stored)}.unanswered{stroke:\(Colour.unanswered)}\
    .request{fill:\(Colour.network);stroke:#fff;stroke-width:1}\
    .dropped{fill:none;stroke:\(Colour.dropped);stroke-width:1.5}\
    .place{fill:\(Colour.place);stroke:#fff;stroke-width:1.5}\
    .place.open{fill:\(Colour.open)}.place.closed{fill:\(Colour.closed)}\
    .place:hover{stroke:#000;stroke-width:3}\
    .start{fill:#fff;stroke:#222;stroke-width:3}.end{fill:#222;stroke:#fff;stroke-width:2}\
    .scale rect{fill:#fff;fill-opacity:.8}.scale path{fill:none;stroke:#222;stroke-width:2}\
    .scale text,.empty{font-size:13px;text-anchor:middle;fill:#222}\
    details{padding:8px 16px}table{border-collapse:collapse}\
    td,th{padding:2px 8px;text-align:left;border-bottom:1px solid #ddd}
    """
}
