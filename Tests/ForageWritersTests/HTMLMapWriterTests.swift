import ForageCoverage
import ForageFinder
import ForageGeodesy
import ForagePlaceModel
import ForageTestSupport
import Foundation
import Testing

@testable import ForageWriters

/// The html map: self-contained, every place drawn with its names escaped, the searched area
/// and the attribution shown, the same bytes for the same events.
@Suite struct HTMLMapWriterTests {
  static let start = Date(timeIntervalSince1970: 1_781_263_800)

  /// Names a page must show as text, never as markup.
  static let hostileNames = [
    "<script>alert(1)</script>", "Bar \"quoted\" & 'single'", "]]><img src=x onerror=alert(2)>",
    "</title><b>bold</b>", "Tab\there\u{7}bell",
  ]

  static func place(_ index: Int, name: String) -> NearbyPlace {
    NearbyPlace.fixture(
      id: "p\(index)",
      name: name,
      latitude: 60.170 + Double(index) * 0.0004,
      longitude: 24.940 + Double(index) * 0.0007,
      distance: 40 + Double(index) * 10,
      types: ["restaurant"]
    )
  }

  static func events() throws -> [FinderEvent] {
    var events: [FinderEvent] = [
      FinderEvent(
        seq: 0,
        time: start,
        payload: .permission(status: "authorized_always", accuracy: "full")
      )
    ]
    for fix in 0..<40 {
      let latitude = 60.170 + Double(fix) * 0.0001
      let longitude = 24.940 + Double(fix) * 0.0002
      let time = start.addingTimeInterval(Double(fix))
      if fix % 10 == 5 {
        events.append(
          FinderEvent(
            seq: events.count,
            time: time,
            payload: .dropped(
              fixIndex: fix,
              reason: "low_accuracy",
              latitude: latitude,
              longitude: longitude
            )
          )
        )
        continue
      }
      events.append(
        FinderEvent(
          seq: events.count,
          time: time,
          payload: .location(fixIndex: fix, latitude: latitude, longitude: longitude, accuracy: 5)
        )
      )
      let found = hostileNames.indices.filter { $0 <= fix / 8 }.map {
        place($0, name: hostileNames[$0])
      }
      events.append(
        FinderEvent(
          seq: events.count,
          time: time,
          payload: .places(
            fixIndex: fix,
            latitude: latitude,
            longitude: longitude,
            radius: 500,
            source: fix % 8 == 0 ? .network : .cache,
            places: found
          )
        )
      )
    }
    var summary = RunSummary()
    summary.fixes = 40
    summary.attribution = "© Test Data & Co <x>"
    summary.coverage = try CoverageOutline(
      rings: [
        [(60.169, 24.939), (60.169, 24.952), (60.175, 24.952), (60.175, 24.939), (60.169, 24.939)]
          .map { try Coordinate(latitude: $0.0, longitude: $0.1) }
      ]
    )
    events.append(FinderEvent(seq: events.count, time: start, payload: .summary(summary)))
    return events
  }

  static func render(_ events: [FinderEvent]) throws -> String {
    let sink = StringSink()
    let writer = OutputFormat.html.makeWriter(to: sink)
    for event in events { try writer.write(event) }
    try writer.finish()
    #expect(sink.isCommitted)
    return sink.text
  }

  /// Every tag of a page, from `<` to `>` (text holds no raw `<`: it is escaped).
  static func tags(of page: String) -> [String] {
    page.split(separator: "<").dropFirst().map { String($0.prefix { $0 != ">" }).lowercased() }
  }

  @Test func thePageFetchesNothing() throws {
    let page = try Self.render(Self.events())
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    for tag in Self.tags(of: page) {
      for fetch in ["src=", "href=", "url(", "http", "xlink"] {
        #expect(!tag.contains(fetch), "<\(tag)> holds \(fetch)")
      }
      for element in ["script", "link", "img", "image", "iframe", "object", "use", "base"] {
        #expect(!tag.hasPrefix(element + " ") && tag != element, "the page has <\(tag)>")
      }
    }
    let style = page.split(separator: "<style>").last?.prefix { $0 != "<" } ?? ""
    #expect(!style.contains("url(") && !style.contains("@import") && !style.contains("@font-face"))
  }

  @Test func everyPlaceIsDrawnWithItsNameEscaped() throws {
    let page = try Self.render(Self.events())
    // Five places, and one in the legend.
    #expect(page.components(separatedBy: "<circle class=\"place\"").count - 1 == 5 + 1)
    #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    #expect(page.contains("Bar &quot;quoted&quot; &amp; &#39;single&#39;"))
    #expect(page.contains("]]&gt;&lt;img src=x onerror=alert(2)&gt;"))
    #expect(page.contains("&lt;/title&gt;&lt;b&gt;bold&lt;/b&gt;"))
    #expect(page.contains("Tab\there\u{FFFD}bell"))
    #expect(!page.contains("<b>bold"))
    #expect(!page.contains("\u{7}"))
    // Hover titles carry type, distance and the first fix that saw the place.
    #expect(page.contains("restaurant, 40 m from fix 0, which saw it first"))
  }

  @Test func theAttributionIsShownEscaped() throws {
    let page = try Self.render(Self.events())
    #expect(page.contains("<p class=\"attribution\">© Test Data &amp; Co &lt;x&gt;</p>"))
  }

  @Test func theMapShowsTheAreaTheSourcesTheDroppedFixesAndAScale() throws {
    let page = try Self.render(Self.events())
    #expect(page.contains("<path class=\"area\" d=\"M"))
    #expect(page.contains("<polyline class=\"track network\""))
    #expect(page.contains("<polyline class=\"track cache\""))
    #expect(page.components(separatedBy: "<path class=\"dropped\"").count - 1 == 4 + 1)
    #expect(page.components(separatedBy: "<rect class=\"request\"").count - 1 == 5 + 1)
    #expect(page.contains("<g class=\"scale\">"))
  }

  @Test func theSameEventsGiveTheSameBytes() throws {
    #expect(try Self.render(Self.events()) == Self.render(Self.events()))
  }

  @Test func theWriterAsksForTheSearchedArea() {
    #expect(HTMLMapWriter(sink: StringSink()).wantsCoverage)
    #expect(!NDJSONWriter(sink: StringSink()).wantsCoverage)
  }

  @Test func aRunWithNoFixStillMakesAPage() throws {
    let page = try Self.render([
      FinderEvent(seq: 0, time: Self.start, payload: .summary(RunSummary()))
    ])
    #expect(page.contains("No fix was delivered."))
    #expect(page.hasSuffix("</html>\n"))
  }
}

/// Text from the data is inert in the page: no markup, no control characters, and no
/// bidirectional control that would reverse the text around a place's name.
@Suite struct HTMLTextTests {
  @Test(arguments: [
    "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}",
    "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}", "\u{1B}", "\u{85}",
  ])
  func controlsBecomeReplacementCharacters(control: String) {
    let escaped = HTMLText.escaped("a\(control)b")
    #expect(escaped == "a\u{FFFD}b")
  }

  @Test func markupIsEscaped() {
    #expect(HTMLText.escaped(#"<b a="x">&'"#) == "&lt;b a=&quot;x&quot;&gt;&amp;&#39;")
  }
}
