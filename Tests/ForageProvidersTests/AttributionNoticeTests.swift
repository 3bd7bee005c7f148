import ForageGeodesy
import ForageHTTP
import ForageSupport
import Foundation
import Testing

@testable import ForageProviders

/// The notices an API's answers carry reach the page as plain text, whatever the provider, and
/// a hostile notice cannot smuggle markup or control characters through.
@Suite struct AttributionNoticeTests {
  @Test(arguments: [
    (
      #"Listings by <a href="http://www.yellowpages.com.au/">Yellow Pages</a>"#,
      "Listings by Yellow Pages (http://www.yellowpages.com.au/)"
    ),
    (#"<a href='https://x.example/'>https://x.example/</a>"#, "https://x.example/"),
    ("Data &copy; &amp; more &lt;b&gt;", "Data &copy; & more <b>"),
    ("Caf&#233; &#x41;BC &#39;q&#39;", "Café ABC 'q'"),
    ("<b>bold</b>\n\t  and   <i>spaced</i>", "bold and spaced"),
    ("a < b and c", "a < b and c"),
    ("<script>alert(1)</script>", "alert(1)"),
    ("ok\u{1B}[31mred\u{7}\u{202E}evil", "ok[31mredevil"),
    ("<a href=\"javascript:x\">click</a>", "click (javascript:x)"),
  ])
  func htmlBecomesPlainText(html: String, text: String) {
    #expect(AttributionNotice.plainText(html: html) == text)
  }

  @Test(arguments: ["", "   ", "<br/>", "<a href=\"\"></a>", "\u{0}\u{1}"])
  func aNoticeWithNothingToReadIsNone(html: String) {
    #expect(AttributionNotice.plainText(html: html) == nil)
  }

  @Test func aVeryLongNoticeIsClipped() throws {
    let text = try #require(
      AttributionNotice.plainText(html: String(repeating: "x", count: 100_000))
    )
    #expect(text.count == AttributionNotice.maximumLength)
    #expect(text.hasSuffix("…"))
  }

  @Test func googlesHTMLAttributionsArePlainTextOnThePage() throws {
    let provider = GoogleNearbySearchProvider(
      transport: ScriptedTransport([]),
      configuration: .init(apiKey: PlacesAPIKey("AIzaSecretKey"))
    )
    let body =
      #"{"html_attributions":["Listings by <a href=\"https://y.example/\">Y</a>",7,"Listings by "#
      + #"<a href=\"https://y.example/\">Y</a>"],"status":"OK","results":[]}"#
    let page = try provider.decodePage(
      HTTPResponse(status: 200, headers: [], body: Data(body.utf8)),
      receivedAt: .zero
    )
    #expect(page.notices == ["Listings by Y (https://y.example/)"])
    let empty = try provider.decodePage(
      HTTPResponse(
        status: 200,
        headers: [],
        body: Data(#"{"html_attributions":["<b>A</b>"],"status":"ZERO_RESULTS","results":[]}"#.utf8)
      ),
      receivedAt: .zero
    )
    #expect(empty.notices == ["A"])
  }

  @Test func placesNewAttributionsAreAskedForAndRead() async throws {
    #expect(PlacesNewProvider.fieldMask.split(separator: ",").contains("places.attributions"))
    let transport = ScriptedTransport([
      .json(
        #"""
        {"places":[{"id":"A1","location":{"latitude":60.16,"longitude":24.94},
         "attributions":[{"provider":"Provider One","providerUri":"https://one.example/"},
         {"provider":"Provider One","providerUri":"https://one.example/"},{"providerUri":7}]},
         {"id":"B2","location":{"latitude":60.161,"longitude":24.94},
         "attributions":[{"provider":"Two"}]}]}
        """#
      )
    ])
    let provider = PlacesNewProvider(
      transport: transport,
      configuration: .init(
        baseURL: URL(string: "http://127.0.0.1:9")!,
        apiKey: PlacesAPIKey("AIzaNew")
      ),
      clock: VirtualClock(recordingSleeps: true)
    )
    let page = try await provider.searchNearby(
      NearbySearch(
        location: Coordinate(unchecked: 60.17, longitude: 24.94),
        ranking: .prominence(radius: 500)
      )
    )
    #expect(page.notices == ["Provider One (https://one.example/)", "Two"])
  }

  @Test func overpassCopyrightIsANotice() throws {
    let provider = OverpassProvider(
      transport: ScriptedTransport([]),
      configuration: .init(baseURL: URL(string: "http://127.0.0.1:9/")!),
      clock: VirtualClock(recordingSleeps: true),
      date: { Date(timeIntervalSince1970: 1_700_000_000) }
    )
    let body =
      #"{"osm3s":{"copyright":"The data is from\nwww.openstreetmap.org. ODbL."},"elements":[]}"#
    let page = try provider.decodeResults(
      HTTPResponse(status: 200, headers: [], body: Data(body.utf8))
    )
    #expect(page.notices == ["The data is from www.openstreetmap.org. ODbL."])
    let bare = try provider.decodeResults(
      HTTPResponse(
        status: 200,
        headers: [],
        body: Data(#"{"osm3s":{"copyright":5},"elements":[]}"#.utf8)
      )
    )
    #expect(bare.notices.isEmpty)
  }

  /// Google's notice goes with Google's own host only: a local server speaking its wire
  /// format serves its own data.
  @Test(arguments: [
    ("https://maps.googleapis.com", true), ("https://places.googleapis.com/", true),
    ("https://MAPS.GoogleAPIs.com", true), ("http://127.0.0.1:8080", false),
    ("https://googleapis.com.evil.example", false), ("https://notgoogleapis.com", false),
  ])
  func googlesNoticeGoesWithGooglesHostOnly(base: String, isGoogle: Bool) throws {
    let url = try #require(URL(string: base))
    let legacy = GoogleNearbySearchProvider(
      transport: ScriptedTransport([]),
      configuration: .init(baseURL: url, apiKey: PlacesAPIKey("AIzaSecretKey"))
    )
    let new = PlacesNewProvider(
      transport: ScriptedTransport([]),
      configuration: .init(baseURL: url, apiKey: PlacesAPIKey("AIzaNew")),
      clock: VirtualClock(recordingSleeps: true)
    )
    let expected = isGoogle ? GoogleAttribution.notice : nil
    #expect(legacy.attribution == expected)
    #expect(new.attribution == expected)
  }
}

/// Each source is named once: every notice that names OpenStreetMap is OpenStreetMap's one
/// notice, with its licence and copyright page; any other notice stays as it is.
@Suite struct NoticeBySourceTests {
  static let openStreetMapNotices = [
    OverpassProvider.attributionText,
    "Data (c) OpenStreetMap contributors, available under the Open Database License (ODbL) 1.0, "
      + "https://www.openstreetmap.org/copyright",
    "The data included in this document is from www.openstreetmap.org. "
      + "The data is made available under ODbL.",
    "© OPENSTREETMAP contributors", "openstreetmap", AttributionNotice.openStreetMap,
  ]
  static let otherNotices = [
    GoogleAttribution.notice, "Listings by Yellow Pages (http://www.yellowpages.com.au/)",
    "Test places © Somebody & Co, CC BY 4.0", "Open Street Map fan club", "OSM", "",
  ]

  @Test func everyOpenStreetMapNoticeIsTheOne() {
    for notice in Self.openStreetMapNotices {
      #expect(AttributionNotice.bySource(notice) == AttributionNotice.openStreetMap, "\(notice)")
    }
    #expect(AttributionNotice.openStreetMap.contains("https://www.openstreetmap.org/copyright"))
    #expect(AttributionNotice.openStreetMap.contains("ODbL"))
  }

  @Test func anyOtherNoticeStaysAsItIs() {
    for notice in Self.otherNotices {
      #expect(AttributionNotice.bySource(notice) == notice)
    }
  }
}
