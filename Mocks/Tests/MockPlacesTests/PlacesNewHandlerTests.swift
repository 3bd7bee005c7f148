import ForagePlaceDataset
import Foundation
import Testing

@testable import MockPlaces

@Suite struct PlacesNewHandlerTests {
  typealias F = MockPlacesFixtures

  private let dataset = PlaceDataset(places: [
    F.place("near", at: 10, name: "Near", rating: 3, ratings: 10, priceLevel: 2, openNow: true),
    F.place("popular", at: 200, name: "Popular", rating: 4.5, ratings: 5000),
    F.place("cafe", at: 100, name: "Cafe", types: ["cafe", "food"]),
    F.place("closed", at: 50, status: .closedPermanently),
  ])

  private func search(
    _ body: String,
    mask: String? = "places.id",
    headers: [(String, String)] = [],
    apiKey: String? = nil
  ) async -> MockResponse? {
    var all = headers.map { (name: $0.0, value: $0.1) }
    if let mask { all.append(("X-Goog-FieldMask", mask)) }
    return await PlacesNewHandler(dataset: dataset, apiKey: apiKey).respond(
      to: MockRequest(
        method: "POST",
        path: PlacesNewHandler.path,
        headers: all,
        body: Data(body.utf8)
      )
    )
  }

  private func circle(_ radius: Double = 1000, extra: String = "") -> String {
    #"{"locationRestriction":{"circle":{"center":{"latitude":\#(F.center.latitude),"longitude":\#(F.center.longitude)},"radius":\#(radius)}}\#(extra)}"#
  }

  private func ids(_ response: MockResponse?) throws -> [String] {
    (try F.json(response)["places"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
  }

  private func error(
    _ response: MockResponse?
  ) throws -> (code: Int, status: String, message: String) {
    let inner = try #require(try F.json(response)["error"] as? [String: Any])
    #expect(inner["code"] as? Int == response?.status)
    return (
      inner["code"] as? Int ?? 0, inner["status"] as? String ?? "",
      inner["message"] as? String ?? ""
    )
  }

  @Test func ranksByPopularityByDefaultAndByDistanceOnRequest() async throws {
    #expect(
      try ids(await search(circle()))
        == ["popular", "near", "cafe"].sortedByPopularity(in: dataset)
    )
    #expect(
      try ids(await search(circle(extra: #","rankPreference":"DISTANCE""#))) == [
        "near", "cafe", "popular",
      ]
    )
  }

  @Test func filtersByTypesAndCapsTheCount() async throws {
    #expect(try ids(await search(circle(extra: #","includedTypes":["cafe"]"#))) == ["cafe"])
    #expect(
      try Set(ids(await search(circle(extra: #","excludedTypes":["cafe"]"#)))) == [
        "near", "popular",
      ]
    )
    #expect(
      try ids(
        await search(
          circle(extra: #","includedPrimaryTypes":["restaurant"],"rankPreference":"DISTANCE""#)
        )
      ) == ["near", "popular"]
    )
    #expect(
      try ids(await search(circle(extra: #","maxResultCount":1,"rankPreference":"DISTANCE""#))) == [
        "near"
      ]
    )
    #expect(try ids(await search(circle(50))) == ["near"])
  }

  @Test func returnsOnlyTheMaskedFields() async throws {
    let response = await search(
      circle(extra: #","maxResultCount":1,"rankPreference":"DISTANCE""#),
      mask: "places.displayName,places.priceLevel,places.currentOpeningHours"
    )
    let text = String(decoding: try #require(response).body, as: UTF8.self)
    #expect(
      text
        == #"{"places":[{"currentOpeningHours":{"openNow":true},"displayName":{"languageCode":"en","text":"Near"},"priceLevel":"PRICE_LEVEL_MODERATE"}]}"#
    )
    let all = try F.json(
      await search(circle(extra: #","maxResultCount":1,"rankPreference":"DISTANCE""#), mask: "*")
    )
    let place = try #require((all["places"] as? [[String: Any]])?.first)
    // The fixture has no address and no attribution, and unknown fields are left out rather
    // than sent as null.
    #expect(
      Set(place.keys)
        == PlacesNewFieldMask.placeFields.subtracting([
          "formattedAddress", "shortFormattedAddress", "attributions", "regularOpeningHours",
          "utcOffsetMinutes",
        ])
    )
    #expect(place["name"] as? String == "places/near")
  }

  @Test func answersAnEmptySearchWithAnEmptyObject() async throws {
    let response = await search(circle(extra: #","includedTypes":["zoo"]"#))
    #expect(response?.status == 200)
    #expect(String(decoding: try #require(response).body, as: UTF8.self) == "{}")
  }

  @Test func requiresAFieldMask() async throws {
    let failure = try error(await search(circle(), mask: nil))
    #expect(failure.code == 400 && failure.status == "INVALID_ARGUMENT")
    #expect(failure.message.hasPrefix("FieldMask is a required parameter"))
    let unknown = try error(await search(circle(), mask: "places.id,places.menu"))
    #expect(unknown.message.contains("'places.menu'"))
  }

  @Test func validatesTheBodyAsGoogleDoes() async throws {
    for (body, fragment) in [
      ("not json", "Invalid JSON payload"),
      (#"{"maxResultCount":5}"#, "location_restriction"),
      (circle(0), "radius must be greater than 0"),
      (circle(50_001), "radius must be greater than 0"),
      (circle(extra: #","maxResultCount":21"#), "maxResultCount must be between 1 and 20"),
      (circle(extra: #","rankPreference":"NEAREST""#), "rank_preference"),
      (circle(extra: #","keyword":"pizza""#), #"Unknown name "keyword""#),
      (circle(extra: #","includedTypes":"cafe""#), "includedTypes"),
    ] {
      let failure = try error(await search(body))
      #expect(failure.code == 400 && failure.status == "INVALID_ARGUMENT")
      #expect(failure.message.contains(fragment), "\(body) → \(failure.message)")
    }
  }

  @Test func checksTheKeyWhenConfigured() async throws {
    let missing = try error(await search(circle(), apiKey: "AIzaSecret"))
    #expect(missing.code == 403 && missing.status == "PERMISSION_DENIED")
    let wrong = try error(
      await search(circle(), headers: [("x-goog-api-key", "AIzaWrong")], apiKey: "AIzaSecret")
    )
    #expect(wrong.code == 400 && wrong.message == "API key not valid. Please pass a valid API key.")
    let right = await search(
      circle(),
      headers: [("X-Goog-Api-Key", "AIzaSecret")],
      apiKey: "AIzaSecret"
    )
    #expect(right?.status == 200)
  }

  @Test func answersOnlyPOSTOnItsPath() async throws {
    let handler = PlacesNewHandler(dataset: dataset)
    #expect(
      await handler.respond(to: MockRequest(method: "POST", path: "/v1/places:searchText")) == nil
    )
    let get = await handler.respond(to: MockRequest(method: "GET", path: PlacesNewHandler.path))
    #expect(get?.status == 405)
  }
}

extension Array where Element == String {
  fileprivate func sortedByPopularity(in dataset: PlaceDataset) -> [String] {
    let places = Dictionary(uniqueKeysWithValues: dataset.places.map { ($0.id, $0) })
    return sorted {
      let (lhs, rhs) = (places[$0]!.prominence, places[$1]!.prominence)
      return lhs != rhs ? lhs > rhs : $0 < $1
    }
  }
}
