import ForageGeodesy
import ForageHTTP
import ForagePlaceModel
import ForageSupport
import Foundation
import Testing

@testable import ForageProviders

@Suite struct PlacesNewProviderTests {
  private let here = Coordinate(unchecked: 60.17, longitude: 24.94)

  private func provider(
    _ transport: ScriptedTransport,
    clock: VirtualClock = VirtualClock(recordingSleeps: true)
  )
    -> PlacesNewProvider
  {
    PlacesNewProvider(
      transport: transport,
      configuration: .init(
        baseURL: URL(string: "http://127.0.0.1:9")!,
        apiKey: PlacesAPIKey("AIzaNew")
      ),
      clock: clock
    )
  }

  @Test func postsTheSearchWithKeyAndFieldMask() throws {
    let request = provider(ScriptedTransport([])).makeRequest(
      for: NearbySearch(
        location: here,
        ranking: .prominence(radius: 800),
        type: "cafe",
        language: "fi"
      )
    )
    #expect(request.method == "POST")
    #expect(request.url.absoluteString == "http://127.0.0.1:9/v1/places:searchNearby")
    let headers = Dictionary(uniqueKeysWithValues: request.headers.map { ($0.name, $0.value) })
    #expect(headers["X-Goog-Api-Key"] == "AIzaNew")
    #expect(headers["X-Goog-FieldMask"] == PlacesNewProvider.fieldMask)
    #expect(headers["Content-Type"] == "application/json")
    #expect(
      String(decoding: try #require(request.body), as: UTF8.self)
        == #"{"includedTypes":["cafe"],"languageCode":"fi","locationRestriction":{"circle":{"center":{"latitude":60.17,"longitude":24.94},"radius":800}},"maxResultCount":20,"rankPreference":"POPULARITY"}"#
    )
    let distance = provider(ScriptedTransport([])).makeRequest(
      for: NearbySearch(location: here, ranking: .distance, type: "bar")
    )
    let body = String(decoding: try #require(distance.body), as: UTF8.self)
    #expect(body.contains(#""radius":50000"#) && body.contains(#""rankPreference":"DISTANCE""#))
  }

  /// Only `{}` (or an empty list of places) says "no places here": any other answer without a
  /// list of places is malformed, and retried, never kept as an empty area (a 200 with
  /// `{"foo":1}` or `{"places":null}` was read as no places, and a places cache kept that).
  @Test(arguments: [
    #"{"foo":1}"#, #"{"places":null}"#, #"{"remark":"runtime error"}"#, #"{"results":[]}"#,
    #"{"Places":[]}"#, #"{"places":{}}"#, #"{"places":"none"}"#, "[]", "null", "\"\"", "7",
    #"{"places":[],"#,
  ])
  func anAnswerWithoutAListOfPlacesIsMalformed(_ body: String) throws {
    let provider = provider(ScriptedTransport([]))
    let response = HTTPResponse(status: 200, body: Data(body.utf8))
    do {
      let places = try provider.decodePlaces(response)
      Issue.record("\(body) was read as \(places.count) places")
    } catch {
      #expect(error.isRetryable, "\(body): \(error)")
      // It says what was expected of the answer: a JSON object is not enough.
      #expect(error.description.contains(#"a list of "places""#), "\(body): \(error)")
    }
    for empty in ["{}", #"{"places":[]}"#, " { } "] {
      #expect(try provider.decodePlaces(HTTPResponse(status: 200, body: Data(empty.utf8))).isEmpty)
    }
  }

  @Test func decodesPlacesAndAnEmptyAnswer() async throws {
    let transport = ScriptedTransport([
      .json(
        #"""
        {"places":[{"id":"A1","displayName":{"text":"Café Ekberg","languageCode":"fi"},
         "location":{"latitude":60.16,"longitude":24.94},"rating":4.4,"userRatingCount":2010,
         "priceLevel":"PRICE_LEVEL_MODERATE","types":["cafe","food"],"shortFormattedAddress":"Bulevardi 9",
         "currentOpeningHours":{"openNow":true,"periods":[]},"businessStatus":"OPERATIONAL","extra":1},
         {"id":"nolocation"}]}
        """#
      ),
      .json("{}"),
    ])
    let provider = provider(transport)
    let page = try await provider.searchNearby(
      NearbySearch(location: here, ranking: .prominence(radius: 500))
    )
    #expect(
      page
        == PlacesPage(
          places: [
            Place(
              id: "A1",
              name: "Café Ekberg",
              coordinate: Coordinate(unchecked: 60.16, longitude: 24.94),
              rating: 4.4,
              userRatingsTotal: 2010,
              priceLevel: 2,
              types: ["cafe", "food"],
              vicinity: "Bulevardi 9",
              openNow: true,
              businessStatus: .operational,
              provenance: .placesNew
            )
          ],
          skippedResults: 1
        )
    )
    #expect(
      try await provider.searchNearby(
        NearbySearch(location: here, ranking: .prominence(radius: 500))
      ).places.isEmpty
    )
    #expect(provider.capabilities.resultLimit == 20)
  }

  /// `regularOpeningHours` read as a week in the place's own offset; hours that cannot be read
  /// are kept as such (counted apart from places with no hours), never guessed.
  @Test(arguments: [
    (
      #""regularOpeningHours":{"periods":[{"open":{"day":1,"hour":9,"minute":0},"#
        + #""close":{"day":1,"hour":17,"minute":30}}]},"utcOffsetMinutes":180"#,
      PlaceHours.weekly(
        WeeklyHours(
          periods: [
            WeeklyPeriod(
              open: WeekTime(day: 1, hour: 9, minute: 0)!,
              close: WeekTime(day: 1, hour: 17, minute: 30)!
            )
          ],
          utcOffsetMinutes: 180
        )
      )
    ),
    (
      #""regularOpeningHours":{"periods":[{"open":{"day":0,"hour":0,"minute":0}}]}"#,
      .weekly(
        WeeklyHours(periods: [WeeklyPeriod(open: WeekTime(day: 0, hour: 0, minute: 0)!, close: nil)]
        )
      )
    ),
    (#""regularOpeningHours":null"#, nil),
    (#""regularOpeningHours":{"periods":[]}"#, nil),
  ])
  func readsRegularOpeningHours(_ fields: String, _ expected: PlaceHours?) async throws {
    let transport = ScriptedTransport([
      .json(
        #"{"places":[{"id":"A","location":{"latitude":60.16,"longitude":24.94},"# + fields + "}]}"
      )
    ])
    let page = try await provider(transport).searchNearby(
      NearbySearch(location: here, ranking: .prominence(radius: 500))
    )
    #expect(page.places.first?.openingHours == expected)
  }

  @Test(arguments: [
    #""regularOpeningHours":"Mo-Fr 09:00-17:00""#,
    #""regularOpeningHours":{"periods":{"open":1}}"#,
    #""regularOpeningHours":{"periods":[{"open":{"day":7,"hour":9,"minute":0}}]}"#,
    #""regularOpeningHours":{"periods":[{"open":{"day":1,"hour":25,"minute":0}}]}"#,
    #""regularOpeningHours":{"periods":[{"open":{"day":1,"hour":"10","minute":0}}]}"#,
    #""regularOpeningHours":{"periods":[{"open":{"day":1,"hour":1e308,"minute":0}}]}"#,
    #""regularOpeningHours":{"periods":[{"close":{"day":1,"hour":9,"minute":0}}]}"#,
    // Only Sunday 00:00 with no close is "always open"; Monday 10:00 with none says nothing.
    #""regularOpeningHours":{"periods":[{"open":{"day":1,"hour":10,"minute":0}}]}"#,
    #""regularOpeningHours":{"periods":[{"open":{"day":1,"hour":10,"minute":0},"#
      + #""close":{"day":1,"hour":10,"minute":0}}]}"#,
    #""regularOpeningHours":{"periods":[{"open":{"day":0,"hour":0,"minute":0}}]},"#
      + #""utcOffsetMinutes":100000"#,
    #""regularOpeningHours":{"periods":[{"open":{"day":0,"hour":0,"minute":0}}]},"#
      + #""utcOffsetMinutes":"NaN""#,
    #""regularOpeningHours":{"periods":[{"open":{"day":0,"hour":0,"minute":0}}]},"#
      + #""utcOffsetMinutes":90.5"#,
  ])
  func hoursThatCannotBeReadAreUnreadable(_ fields: String) async throws {
    let transport = ScriptedTransport([
      .json(
        #"{"places":[{"id":"A","location":{"latitude":60.16,"longitude":24.94},"# + fields + "}]}"
      )
    ])
    let page = try await provider(transport).searchNearby(
      NearbySearch(location: here, ranking: .prominence(radius: 500))
    )
    let hours = try #require(page.places.first?.openingHours, "\(fields)")
    guard case .unreadable = hours else {
      Issue.record("\(fields) read as \(hours)")
      return
    }
  }

  @Test(arguments: [
    (400, "INVALID_ARGUMENT", PlacesError.invalidRequest(message: "bad")),
    (403, "PERMISSION_DENIED", .requestDenied(message: "bad")),
    (429, "RESOURCE_EXHAUSTED", .overQueryLimit(message: "bad")),
    (500, "INTERNAL", .unknownError(message: "bad")),
    (409, "ABORTED", .httpStatus(409, retryAfter: nil)),
    (503, "MOCK_FAULT", .httpStatus(503, retryAfter: nil)),
  ])
  func mapsGoogleErrorStatuses(code: Int, status: String, expected: PlacesError) async {
    let transport = ScriptedTransport(
      Array(
        repeating: .json(
          #"{"error":{"code":\#(code),"message":"bad","status":"\#(status)"}}"#,
          status: code
        ),
        count: 3
      )
    )
    await #expect(throws: expected) {
      try await provider(transport).searchNearby(
        NearbySearch(location: here, ranking: .prominence(radius: 5))
      )
    }
    #expect(transport.requests.count == (expected.isRetryable ? 3 : 1))
  }

  @Test func refusesAKeywordAndHasNoSecondPage() async {
    let transport = ScriptedTransport([])
    await #expect(
      throws: PlacesError.invalidSearch("Places API (New) nearby search has no keyword")
    ) {
      try await provider(transport).searchNearby(
        NearbySearch(location: here, ranking: .distance, keyword: "pizza")
      )
    }
    await #expect(throws: PlacesError.self) {
      try await provider(transport).nextPage(PageToken(value: "x", receivedAt: .zero))
    }
    #expect(transport.requests.isEmpty)
  }

  @Test func filtersOpenNowAndPriceOnTheClient() async throws {
    let places = (0..<4).map { index in
      #"{"id":"p\#(index)","location":{"latitude":1,"longitude":2},"priceLevel":"\#(["PRICE_LEVEL_FREE", "PRICE_LEVEL_MODERATE", "PRICE_LEVEL_EXPENSIVE", "X"][index])","currentOpeningHours":{"openNow":\#(index % 2 == 0)}}"#
    }
    let body = #"{"places":[\#(places.joined(separator: ","))]}"#
    let transport = ScriptedTransport([.json(body), .json(body)])
    let provider = provider(transport)
    let open = try await provider.searchNearby(
      NearbySearch(location: here, ranking: .prominence(radius: 5), openNow: true)
    )
    #expect(open.places.map(\.id) == ["p0", "p2"])
    let cheap = try await provider.searchNearby(
      NearbySearch(location: here, ranking: .prominence(radius: 5), maxPrice: 2)
    )
    #expect(cheap.places.map(\.id) == ["p0", "p1"])
  }
}
