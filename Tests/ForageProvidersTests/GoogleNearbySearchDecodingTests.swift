import ForageGeodesy
import ForageHTTP
import ForagePlaceModel
import Foundation
import Testing

@testable import ForageProviders

@Suite struct GoogleNearbySearchDecodingTests {
  private let provider = GoogleNearbySearchProvider(
    transport: ScriptedTransport([]),
    configuration: .init(apiKey: PlacesAPIKey("AIzaSecretKey"))
  )

  private func decode(
    _ text: String,
    status: Int = 200,
    contentType: String = "application/json"
  )
    throws(PlacesError) -> PlacesPage
  {
    try provider.decodePage(
      HTTPResponse(status: status, headers: [("Content-Type", contentType)], body: Data(text.utf8)),
      receivedAt: .seconds(7)
    )
  }

  @Test func decodesGooglesDocumentedExample() throws {
    let page = try decode(
      #"""
      {"html_attributions":[],"next_page_token":"tok","status":"OK","results":[{"business_status":
      "OPERATIONAL","geometry":{"location":{"lat":-33.8587323,"lng":151.2100055},"viewport":{}},
      "name":"Cruise Bar","opening_hours":{"open_now":false},"place_id":"ChIJi6C1MxquEmsR9-c-3O48ykI",
      "price_level":2,"rating":4,"types":["bar","restaurant","food","point_of_interest",
      "establishment"],"user_ratings_total":1269,"vicinity":"Circular Quay W, The Rocks",
      "plus_code":{"compound_code":"x"},"icon":"https://x","photos":[{"height":1}]}]}
      """#
    )
    #expect(
      page.places == [
        Place(
          id: "ChIJi6C1MxquEmsR9-c-3O48ykI",
          name: "Cruise Bar",
          coordinate: Coordinate(unchecked: -33.8587323, longitude: 151.2100055),
          rating: 4,
          userRatingsTotal: 1269,
          priceLevel: 2,
          types: ["bar", "restaurant", "food", "point_of_interest", "establishment"],
          vicinity: "Circular Quay W, The Rocks",
          openNow: false,
          businessStatus: .operational,
          provenance: .googleNearbySearch
        )
      ]
    )
    #expect(page.nextPageToken == PageToken(value: "tok", receivedAt: .seconds(7)))
  }

  @Test func toleratesMissingOptionalFieldsNullsAndOddTypes() throws {
    let page = try decode(
      #"""
      {"status":"OK","results":[
       {"place_id":"a","geometry":{"location":{"lat":1,"lng":2}}},
       {"place_id":"b","name":null,"rating":null,"types":["cafe",null],"opening_hours":{},
        "price_level":"3","user_ratings_total":12.0,"vicinity":null,"business_status":"CLOSED_FOREVER",
        "geometry":{"location":{"lat":"1.5","lng":2}}},
       {"place_id":"no-geometry","name":"Skipped"},
       {"name":"no id","geometry":{"location":{"lat":1,"lng":2}}},
       {"place_id":"bad-lat","geometry":{"location":{"lat":123,"lng":2}}},
       "garbage"
      ]}
      """#
    )
    #expect(page.places.map(\.id) == ["a", "b"])
    #expect(
      page.places[0]
        == Place(
          id: "a",
          name: nil,
          coordinate: Coordinate(unchecked: 1, longitude: 2),
          provenance: .googleNearbySearch
        )
    )
    let b = page.places[1]
    #expect(b.types == ["cafe"])
    #expect(b.priceLevel == 3 && b.userRatingsTotal == 12 && b.rating == nil && b.openNow == nil)
    #expect(b.coordinate.latitude == 1.5)
    #expect(b.businessStatus == BusinessStatus(rawValue: "CLOSED_FOREVER"))
    #expect(b.businessStatus?.isClosed == true)
    #expect(page.nextPageToken == nil)
  }

  @Test func decodesUnicodeNames() throws {
    let page = try decode(
      #"{"status":"OK","results":[{"place_id":"u","name":"Ravintola Ääni \u5317\u4eac 🍕","geometry":{"location":{"lat":0,"lng":0}}}]}"#
    )
    #expect(page.places.first?.name == "Ravintola Ääni 北京 🍕")
  }

  @Test func treatsZeroResultsAsAnEmptyPage() throws {
    #expect(
      try decode(#"{"html_attributions":[],"results":[],"status":"ZERO_RESULTS"}"#)
        == PlacesPage(places: [])
    )
    #expect(try decode(#"{"status":"ZERO_RESULTS"}"#).places.isEmpty)
  }

  @Test(arguments: [
    ("INVALID_REQUEST", PlacesError.invalidRequest(message: "m"), false, false),
    ("OVER_QUERY_LIMIT", .overQueryLimit(message: "m"), true, false),
    ("REQUEST_DENIED", .requestDenied(message: "m"), false, true),
    ("UNKNOWN_ERROR", .unknownError(message: "m"), true, false),
    ("NOT_FOUND", .unexpectedStatus("NOT_FOUND", message: "m"), false, false),
  ])
  func mapsEveryStatusToATypedError(
    status: String,
    expected: PlacesError,
    retryable: Bool,
    fatal: Bool
  ) {
    for httpStatus in [200, 400]
    where httpStatus == 200 || expected != .unexpectedStatus("NOT_FOUND", message: "m") {
      #expect(throws: expected) {
        try decode(#"{"results":[],"status":"\#(status)","error_message":"m"}"#, status: httpStatus)
      }
    }
    #expect(expected.isRetryable == retryable)
    #expect(expected.isFatal == fatal)
  }

  @Test func reportsBodiesThatAreNotTheAPIsJSON() {
    #expect(
      throws: PlacesError.malformedResponse("expected a JSON object; got 27 bytes of text/html")
    ) {
      try decode("<html>Service Error</html>\n", contentType: "text/html")
    }
    #expect(throws: PlacesError.malformedResponse("empty body (application/json)")) {
      try decode("")
    }
    #expect(
      throws: PlacesError.malformedResponse(
        "expected a JSON object; got 26 bytes of application/json"
      )
    ) {
      try decode(#"{"status":"OK","results":["#)
    }
    #expect(
      throws: PlacesError.malformedResponse(
        "the JSON has no \"status\"; got 14 bytes of application/json"
      )
    ) {
      try decode(#"{"results":[]}"#)
    }
    #expect(PlacesError.malformedResponse("x").isRetryable)
  }

  @Test func letsTheHTTPCodeDecideForAnUnknownStatusOnAnError() throws {
    #expect(throws: PlacesError.httpStatus(503, retryAfter: .seconds(2))) {
      try provider.decodePage(
        HTTPResponse(
          status: 503,
          headers: [("Retry-After", "2")],
          body: Data(#"{"status":"MOCK_FAULT"}"#.utf8)
        ),
        receivedAt: .zero
      )
    }
    #expect(throws: PlacesError.unexpectedStatus("NOT_FOUND", message: nil)) {
      try decode(#"{"status":"NOT_FOUND"}"#)
    }
  }

  @Test func turnsHTTPErrorsWithoutAStatusIntoHTTPStatusErrors() throws {
    let response = HTTPResponse(
      status: 429,
      headers: [("Retry-After", "3")],
      body: Data("Too Many Requests".utf8)
    )
    #expect(throws: PlacesError.httpStatus(429, retryAfter: .seconds(3))) {
      try provider.decodePage(response, receivedAt: .zero)
    }
    #expect(PlacesError.httpStatus(429, retryAfter: nil).isRetryable)
    #expect(PlacesError.httpStatus(503, retryAfter: nil).isRetryable)
    #expect(!PlacesError.httpStatus(404, retryAfter: nil).isRetryable)
    #expect(throws: PlacesError.httpStatus(500, retryAfter: nil)) {
      try decode("oops", status: 500, contentType: "text/plain")
    }
  }

  @Test func neverRepeatsTheKeyFromAServerMessage() throws {
    do {
      _ = try decode(
        #"{"status":"REQUEST_DENIED","error_message":"Key AIzaSecretKey rejected for ?key=AIzaSecretKey&x=1"}"#
      )
      Issue.record("expected REQUEST_DENIED")
    } catch {
      #expect(error == .requestDenied(message: "Key REDACTED rejected for ?key=REDACTED&x=1"))
      #expect(!error.description.contains("AIzaSecretKey"))
    }
  }
}
