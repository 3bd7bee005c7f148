import ForageGeodesy
import ForageHTTP
import ForagePlaceModel
import ForageSupport
import Foundation
import Testing

@testable import ForageProviders

@Suite struct OverpassProviderTests {
  private let here = Coordinate(unchecked: 60.1699, longitude: 24.9384)

  private func provider(
    _ transport: any HTTPTransport,
    clock: VirtualClock = VirtualClock(recordingSleeps: true)
  ) -> OverpassProvider {
    OverpassProvider(
      transport: transport,
      configuration: .init(baseURL: URL(string: "http://127.0.0.1:9/")!),
      clock: clock,
      date: { Date(timeIntervalSince1970: 1_700_000_000) }
    )
  }

  private func search(type: String? = "restaurant", keyword: String? = nil) -> NearbySearch {
    NearbySearch(location: here, ranking: .prominence(radius: 500), type: type, keyword: keyword)
  }

  @Test func postsTheQueryFormEncodedInTheDataField() throws {
    let request = try provider(ScriptedTransport([])).makeRequest(for: search())
    #expect(request.method == "POST")
    #expect(request.url.absoluteString == "http://127.0.0.1:9/api/interpreter")
    #expect(
      request.headers.contains { $0 == ("Content-Type", "application/x-www-form-urlencoded") }
    )
    let body = String(decoding: try #require(request.body), as: UTF8.self)
    #expect(body.hasPrefix("data="))
    #expect(!body.dropFirst(5).contains { "=&+ \"[];".contains($0) }, "\(body)")
    let decoded = QueryString.decode(Substring(body))
    #expect(decoded.map(\.name) == ["data"])
    // 500 m padded by 1 % and 1 m: Overpass measures on a sphere.
    #expect(
      decoded.first?.value
        == #"[out:json][timeout:25];nwr["amenity"="restaurant"](around:506,60.1699000,24.9384000);out center;"#
    )
  }

  @Test(arguments: [
    ("pizza", #"["name"~"pizza",i]"#),
    (#"Joe's "Bar""#, #"["name"~"Joe's \"Bar\"",i]"#),
    (#"a\b"#, #"["name"~"a\\\\b",i]"#),
    ("1.5 (x)*+?{2}|^$[", #"["name"~"1\\.5 \\(x\\)\\*\\+\\?\\{2}\\|\\^\\$\\[",i]"#),
    (#"");out;node(1);"#, #"["name"~"\"\\);out;node\\(1\\);",i]"#),
    ("Café ü", #"["name"~"Café ü",i]"#),
  ])
  func escapesAKeywordForTheRegexAndTheString(keyword: String, filter: String) throws {
    let query = try OverpassProvider.query(for: search(keyword: keyword))
    #expect(
      query
        == #"[out:json][timeout:25];nwr["amenity"="restaurant"]"# + filter
        + "(around:506,60.1699000,24.9384000);out center;"
    )
  }

  @Test func refusesWhatOverpassCannotSearch() {
    #expect(throws: PlacesError.self) { try OverpassProvider.query(for: search(type: "bakery")) }
    #expect(throws: PlacesError.self) { try OverpassProvider.query(for: search(type: nil)) }
    #expect(throws: PlacesError.self) {
      try OverpassProvider.query(for: search(keyword: "line\nbreak"))
    }
    #expect(throws: PlacesError.self) {
      try OverpassProvider.query(
        for: NearbySearch(location: here, ranking: .distance, type: "cafe")
      )
    }
    #expect(throws: PlacesError.self) {
      try OverpassProvider.query(
        for: NearbySearch(
          location: here,
          ranking: .prominence(radius: 5),
          type: "cafe",
          openNow: true
        )
      )
    }
    #expect(OverpassProvider.supportedTypeList == "bar, cafe, fast_food, pub or restaurant")
  }

  @Test func decodesNodesWaysAndRelationsAndSkipsBrokenElements() async throws {
    let transport = ScriptedTransport([
      .json(
        #"""
        {"version":0.6,"generator":"Overpass API","osm3s":{"copyright":"ODbL"},"elements":[
         {"type":"node","id":1,"lat":60.17,"lon":24.94,
          "tags":{"amenity":"restaurant","name":"Zetor","name:fi":"Zetori","addr:street":"Mannerheimintie","addr:housenumber":"3","addr:city":"Helsinki"}},
         {"type":"way","id":2,"center":{"lat":60.171,"lon":24.941},"nodes":[5,6],"tags":{"amenity":"restaurant"}},
         {"type":"relation","id":"3","center":{"lat":60.172,"lon":24.942},"tags":{"name":7}},
         {"type":"way","id":4,"tags":{"name":"no centre"}},
         {"type":"node","id":5,"lat":91,"lon":0},
         {"type":"node","id":-6,"lat":60,"lon":24},
         {"type":"area","id":7,"lat":60,"lon":24},
         {"type":"node","lat":60,"lon":24},
         {"type":"node","id":8.5,"lat":60,"lon":24},
         {"type":"node","id":9,"lat":"60","lon":24},
         null, 7, "x", [],
         {"type":"node","id":10,"lat":60.1,"lon":24.9,"tags":null}
        ]}
        """#
      )
    ])
    let places = try await provider(transport).searchNearby(search()).places
    #expect(
      places == [
        Place(
          id: "osm-node-1",
          name: "Zetor",
          coordinate: Coordinate(unchecked: 60.17, longitude: 24.94),
          types: ["restaurant"],
          vicinity: "Mannerheimintie 3, Helsinki",
          provenance: .overpass
        ),
        Place(
          id: "osm-way-2",
          name: nil,
          coordinate: Coordinate(unchecked: 60.171, longitude: 24.941),
          types: ["restaurant"],
          provenance: .overpass
        ),
        Place(
          id: "osm-relation-3",
          name: nil,
          coordinate: Coordinate(unchecked: 60.172, longitude: 24.942),
          provenance: .overpass
        ),
        Place(
          id: "osm-node-10",
          name: nil,
          coordinate: Coordinate(unchecked: 60.1, longitude: 24.9),
          provenance: .overpass
        ),
      ]
    )
    let provider = provider(transport)
    #expect(
      provider.capabilities.resultLimit == .max && provider.capabilities.isCompleteWithinRadius
    )
    #expect(provider.attribution == "© OpenStreetMap contributors, ODbL 1.0")
  }

  @Test func prefersTheNameInTheSearchLanguage() throws {
    let body =
      #"{"elements":[{"type":"node","id":1,"lat":60,"lon":24,"tags":{"name":"Zetor","name:fi":"Zetori"}}]}"#
    let response = HTTPResponse(status: 200, headers: [], body: Data(body.utf8))
    #expect(
      try provider(ScriptedTransport([])).decodePlaces(response, language: "fi").first?.name
        == "Zetori"
    )
  }

  @Test(arguments: [
    "", "[]", "null", "{\"elements\":{}}", "{\"elements\":7}", "<html>busy</html>", "{\"elem",
    String(repeating: "[", count: 10_000),
  ])
  func hostileBodiesAreMalformedNotEmpty(body: String) {
    let response = HTTPResponse(status: 200, headers: [], body: Data(body.utf8))
    #expect(throws: PlacesError.self) { try provider(ScriptedTransport([])).decodePlaces(response) }
    do {
      _ = try provider(ScriptedTransport([])).decodePlaces(response)
    } catch {
      if case .malformedResponse = error {} else { Issue.record("got \(error)") }
    }
  }

  @Test func aRemarkIsARuntimeErrorRetriedAndNeverAnEmptyAnswer() async throws {
    let remark =
      #"{"elements":[],"remark":"runtime error: Query timed out in \"query\" at line 1 after 25 seconds."}"#
    let transport = ScriptedTransport(Array(repeating: .json(remark), count: 3))
    await #expect(
      throws: PlacesError.runtimeError(
        #"runtime error: Query timed out in "query" at line 1 after 25 seconds."#
      )
    ) {
      try await provider(transport).searchNearby(search())
    }
    #expect(transport.requests.count == 3)
  }

  @Test func retries429And504HonouringRetryAfter() async throws {
    let clock = VirtualClock(recordingSleeps: true)
    let transport = ScriptedTransport([
      .json("{}", status: 429, headers: [("Retry-After", "7")]),
      .json("{}", status: 504),
      .json(#"{"elements":[{"type":"node","id":1,"lat":60,"lon":24}]}"#),
    ])
    let places = try await provider(transport, clock: clock).searchNearby(search()).places
    #expect(places.map(\.id) == ["osm-node-1"])
    #expect(clock.sleeps == [.seconds(7), .seconds(1)])
  }

  @Test func aSyntaxErrorPageIsAClearMessage() async throws {
    let page = """
      <?xml version="1.0" encoding="UTF-8"?>
      <html><head><title>OSM3S Response</title></head><body>
      <p>The data included in this document is from www.openstreetmap.org.</p>
      <p><strong style="color:#FF0000">Error</strong>: line 1: parse error: ';' expected - ')' found. </p>
      <p><strong style="color:#FF0000">Error</strong>: line 1: parse error: Unexpected end of input. </p>
      </body></html>
      """
    let transport = ScriptedTransport([
      .response(
        HTTPResponse(status: 400, headers: [("Content-Type", "text/html")], body: Data(page.utf8))
      )
    ])
    await #expect(
      throws: PlacesError.invalidRequest(
        message: "Overpass could not run the query: line 1: parse error: ';' expected - ')' found."
      )
    ) {
      try await provider(transport).searchNearby(search())
    }
    #expect(transport.requests.count == 1)
  }
}
