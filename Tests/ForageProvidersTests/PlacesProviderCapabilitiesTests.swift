import ForageGeodesy
import ForageHTTP
import Foundation
import Testing

@testable import ForageProviders

/// Each provider states its facts once, in its capabilities: the providers and the names agree
/// with them, and the bill follows the field mask as Google bills it.
@Suite struct PlacesProviderCapabilitiesTests {
  static let base = URL(string: "http://127.0.0.1:9")!

  @Test func eachNameHasItsOwnCapabilities() {
    #expect(PlacesProviderName.default == .placesNew)
    #expect(PlacesProviderName(rawValue: "google") == nil)
    #expect(PlacesProviderName(rawValue: "google-legacy") == .googleLegacy)
    #expect(Set(PlacesProviderName.allCases.map(\.capabilities.displayName)).count == 3)
  }

  @Test func theProvidersStateTheirCapsAndSKUsFromTheirCapabilities() {
    let transport = ScriptedTransport([])
    let new = PlacesNewProvider(transport: transport, configuration: .init(baseURL: Self.base))
    let pro = PlacesNewProvider(
      transport: transport,
      configuration: .init(baseURL: Self.base),
      fields: .pro
    )
    let legacy = GoogleNearbySearchProvider(
      transport: transport,
      configuration: .init(baseURL: Self.base)
    )
    let overpass = OverpassProvider(transport: transport)
    #expect(new.capabilities == PlacesProviderName.placesNew.capabilities)
    #expect(legacy.capabilities == PlacesProviderName.googleLegacy.capabilities)
    #expect(overpass.capabilities == PlacesProviderName.overpass.capabilities)
    #expect(new.capabilities.sku == .nearbySearchEnterprise && new.capabilities.givesOpeningHours)
    // Pro fields only: the Pro SKU and no hours; every other fact is Places API (New)'s.
    #expect(pro.capabilities.sku == .nearbySearchPro && !pro.capabilities.givesOpeningHours)
    #expect(pro.capabilities.resultLimit == new.capabilities.resultLimit)
    #expect(pro.capabilities.displayName == new.capabilities.displayName)
    #expect(legacy.capabilities.sku == .nearbySearchLegacy)
    #expect(!legacy.capabilities.givesOpeningHours)
    #expect(overpass.capabilities.sku == .free && overpass.capabilities.givesOpeningHours)
    #expect(overpass.capabilities.isCompleteWithinRadius)
    #expect(!new.capabilities.isCompleteWithinRadius && !legacy.capabilities.isCompleteWithinRadius)
    // An API that does not bill by field is asked for every field whatever the set says.
    #expect(legacy.capabilities.asking(for: .pro) == legacy.capabilities)
    #expect(PlacesSKU.free.freeMonthlyRequests == nil)
    #expect(
      (PlacesSKU.nearbySearchPro.freeMonthlyRequests ?? 0)
        > (PlacesSKU.nearbySearchEnterprise.freeMonthlyRequests ?? .max)
    )
  }

  /// Only Places API (New) bills by field; the others bill the same whatever is asked.
  @Test func onlyAnAPIThatBillsByFieldHasAProSKU() {
    for name in PlacesProviderName.allCases {
      let capabilities = name.capabilities
      #expect(capabilities.sku(for: .all) == capabilities.sku)
      #expect(
        capabilities.sku(for: .pro) == (name == .placesNew ? .nearbySearchPro : capabilities.sku)
      )
    }
  }

  /// The Pro mask holds every field that says where a place is and what it is, and none of the
  /// Enterprise fields (ratings, price level, opening hours); the full mask holds both.
  @Test func theProMaskLeavesOutEveryEnterpriseFieldAndNothingElse() throws {
    let pro = Set(PlacesNewProvider.fieldMask(for: .pro).split(separator: ","))
    let all = Set(PlacesNewProvider.fieldMask(for: .all).split(separator: ","))
    let enterprise: Set<Substring> = [
      "places.rating", "places.userRatingCount", "places.priceLevel",
      "places.currentOpeningHours", "places.regularOpeningHours",
    ]
    #expect(all == pro.union(enterprise))
    #expect(pro.isDisjoint(with: enterprise))
    #expect(pro.isSuperset(of: ["places.id", "places.location", "places.displayName"]))
    #expect(PlacesNewProvider.fieldMask == PlacesNewProvider.fieldMask(for: .all))

    let provider = PlacesNewProvider(
      transport: ScriptedTransport([]),
      configuration: .init(baseURL: Self.base),
      fields: .pro
    )
    let request = provider.makeRequest(
      for: NearbySearch(
        location: .init(unchecked: 60.17, longitude: 24.94),
        ranking: .distance,
        type: "cafe"
      )
    )
    let mask = request.headers.first { $0.name == "X-Goog-FieldMask" }?.value
    #expect(mask == PlacesNewProvider.fieldMask(for: .pro))
  }

  /// A body in the legacy API's shape (a `status`, no `places`) is not an empty answer: read as
  /// one, a proxy's or a wrong server's reply would tell the cache that nothing is there.
  @Test(arguments: [
    #"{"results":[],"status":"OVER_QUERY_LIMIT"}"#, #"{"status":"OK","results":[]}"#,
    #"{"status":7}"#,
  ])
  func aLegacyBodyIsNotAnEmptyAnswer(_ body: String) throws {
    let provider = PlacesNewProvider(
      transport: ScriptedTransport([]),
      configuration: .init(baseURL: Self.base)
    )
    let response = HTTPResponse(status: 200, body: Data(body.utf8))
    #expect(throws: PlacesError.self) { try provider.decodePlaces(response) }
    #expect(try provider.decodePlaces(HTTPResponse(status: 200, body: Data("{}".utf8))).isEmpty)
  }

  /// Open-now and price filters read Enterprise fields: with Pro fields only they are refused
  /// before any request, never answered with no places.
  @Test func filtersThatNeedEnterpriseFieldsAreRefusedWithProFields() async throws {
    let transport = ScriptedTransport([])
    let provider = PlacesNewProvider(
      transport: transport,
      configuration: .init(baseURL: Self.base),
      fields: .pro
    )
    let here = Coordinate(unchecked: 60.17, longitude: 24.94)
    for search in [
      NearbySearch(location: here, ranking: .distance, type: "cafe", openNow: true),
      NearbySearch(location: here, ranking: .distance, type: "cafe", minPrice: 1),
      NearbySearch(location: here, ranking: .distance, type: "cafe", maxPrice: 3),
    ] {
      await #expect(throws: PlacesError.self) { try await provider.searchNearby(search) }
    }
    #expect(transport.requests.isEmpty)
  }
}

/// How long each provider's terms let a cache keep its answers.
@Suite struct PlacesProviderTermsTests {
  @Test func googleKeepsCoordinatesThirtyDaysAndOpenStreetMapWithoutLimit() {
    let day = 86_400.0
    for name in [PlacesProviderName.placesNew, .googleLegacy] {
      let capabilities = name.capabilities
      #expect(capabilities.longestTimeToLive == .seconds(30 * day))
      for kept in [1.0, day, 30 * day] {
        #expect(capabilities.termsRefusal(keeping: .seconds(kept)) == nil)
      }
      for kept in [30 * day + 0.001, 30 * day + 1, 31 * day, 1e12] {
        let refusal = capabilities.termsRefusal(keeping: .seconds(kept))
        #expect(refusal?.contains(capabilities.displayName) == true, "\(kept)")
        #expect(refusal?.contains("at most 30 days") == true, "\(kept)")
      }
    }
    #expect(
      PlacesProviderName.googleLegacy.capabilities.termsRefusal(keeping: .seconds(31 * day))
        == "a cache kept for 31 days outlives the terms of Nearby Search (legacy), which let "
        + "coordinates be kept at most 30 days; keep it 30d or less"
    )
    #expect(PlacesProviderName.overpass.capabilities.longestTimeToLive == nil)
    #expect(PlacesProviderName.overpass.capabilities.termsRefusal(keeping: .seconds(1e12)) == nil)
  }
}
