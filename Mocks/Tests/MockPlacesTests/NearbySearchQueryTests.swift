import Testing

@testable import MockPlaces

@Suite struct NearbySearchQueryTests {
  private func parse(
    _ parameters: [(String, String)]
  ) -> Result<NearbySearchQuery, NearbySearchQuery.Rejection> {
    NearbySearchQuery.parse(parameters.map { (name: $0.0, value: $0.1) })
  }

  private func rejection(_ parameters: [(String, String)]) -> String? {
    if case .failure(let rejection) = parse(parameters) {
      #expect(rejection.status == "INVALID_REQUEST")
      return rejection.message
    }
    return nil
  }

  @Test func readsAProminenceQuery() throws {
    let query = try parse([
      ("location", "60.17,24.94"), ("radius", "1500"), ("type", "Restaurant|cafe"),
      ("keyword", "vegan & pizza"), ("opennow", "true"), ("minprice", "1"), ("maxprice", "3"),
      ("language", "fi"), ("unknown", "ignored"),
    ]).get()
    #expect(
      query
        == NearbySearchQuery(
          latitude: 60.17,
          longitude: 24.94,
          radius: 1500,
          rankBy: .prominence,
          type: "restaurant",
          keyword: "vegan & pizza",
          openNow: true,
          minPrice: 1,
          maxPrice: 3
        )
    )
  }

  @Test func requiresALocation() {
    #expect(rejection([("radius", "100")]) == "Invalid request. Missing the 'location' parameter.")
    #expect(rejection([("location", ""), ("radius", "100")]) != nil)
    for bad in ["60.17", "60.17,", "abc,24", "91,24", "60,181", "1,2,3"] {
      #expect(
        rejection([("location", bad), ("radius", "100")])
          == "Invalid request. Invalid 'location' parameter."
      )
    }
  }

  @Test func limitsTheRadiusTo50Kilometres() {
    #expect(rejection([("location", "0,0"), ("radius", "50000")]) == nil)
    #expect(
      rejection([("location", "0,0"), ("radius", "50000.5")])
        == "Invalid request. Invalid 'radius' parameter."
    )
    #expect(rejection([("location", "0,0"), ("radius", "0")]) != nil)
    #expect(rejection([("location", "0,0"), ("radius", "-5")]) != nil)
    #expect(rejection([("location", "0,0"), ("radius", "far")]) != nil)
  }

  @Test func prominenceNeedsARadius() {
    #expect(rejection([("location", "0,0")]) == "Invalid request. Missing the 'radius' parameter.")
    #expect(rejection([("location", "0,0"), ("rankby", "prominence"), ("type", "cafe")]) != nil)
  }

  @Test func distanceForbidsARadiusAndNeedsKeywordNameOrType() {
    #expect(
      rejection([("location", "0,0"), ("rankby", "distance"), ("radius", "100"), ("type", "cafe")])
        == "Invalid request. The 'radius' parameter must not be included if 'rankby=distance'."
    )
    #expect(rejection([("location", "0,0"), ("rankby", "distance")]) != nil)
    #expect(rejection([("location", "0,0"), ("rankby", "distance"), ("type", "cafe")]) == nil)
    #expect(rejection([("location", "0,0"), ("rankby", "distance"), ("keyword", "x")]) == nil)
    #expect(rejection([("location", "0,0"), ("rankby", "distance"), ("name", "x")]) == nil)
    #expect(
      rejection([("location", "0,0"), ("rankby", "nearest"), ("type", "cafe")])
        == "Invalid request. Invalid 'rankby' parameter."
    )
  }

  @Test func ignoresNonNumericPricesButRejectsOutOfRangeOnes() throws {
    // Google's Python client sends minprice=None&maxprice=None on every call.
    let query = try parse([
      ("location", "0,0"), ("radius", "1"), ("minprice", "None"), ("maxprice", "None"),
    ]).get()
    #expect(query.minPrice == nil && query.maxPrice == nil)
    #expect(
      rejection([("location", "0,0"), ("radius", "1"), ("maxprice", "5")])
        == "Invalid request. Invalid 'maxprice' parameter."
    )
    #expect(rejection([("location", "0,0"), ("radius", "1"), ("minprice", "1.5")]) != nil)
  }

  @Test func treatsOpenNowAsAFlag() throws {
    #expect(try parse([("location", "0,0"), ("radius", "1"), ("opennow", "")]).get().openNow)
    #expect(try !parse([("location", "0,0"), ("radius", "1"), ("opennow", "false")]).get().openNow)
    #expect(try !parse([("location", "0,0"), ("radius", "1")]).get().openNow)
  }
}
