import ForageGeodesy
import ForageHTTP
import Foundation
import Testing

@testable import ForageProviders

@Suite struct GoogleNearbySearchRequestTests {
  private let provider = GoogleNearbySearchProvider(
    transport: ScriptedTransport([]),
    configuration: .init(
      baseURL: URL(string: "http://127.0.0.1:8080/prefix/")!,
      apiKey: PlacesAPIKey("AIza&Key=1")
    )
  )

  private let helsinki = Coordinate(unchecked: 60.1699, longitude: 24.9384)

  @Test func buildsAProminenceSearchWithEveryParameterEncoded() {
    let request = provider.makeRequest(
      for: NearbySearch(
        location: helsinki,
        ranking: .prominence(radius: 1500),
        type: "restaurant",
        keyword: "fish & chips + Café",
        openNow: true,
        minPrice: 0,
        maxPrice: 3,
        language: "fi"
      )
    )
    #expect(request.method == "GET")
    #expect(
      request.url.absoluteString
        == "http://127.0.0.1:8080/prefix/maps/api/place/nearbysearch/json?location=60.1699%2C24.9384"
        + "&radius=1500&type=restaurant&keyword=fish%20%26%20chips%20%2B%20Caf%C3%A9&opennow=true"
        + "&minprice=0&maxprice=3&language=fi&key=AIza%26Key%3D1"
    )
    #expect(request.timeout == .seconds(10))
  }

  @Test func buildsADistanceSearchWithoutRadius() {
    let request = provider.makeRequest(
      for: NearbySearch(location: helsinki, ranking: .distance, type: "cafe")
    )
    let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    #expect(items.map(\.name) == ["location", "rankby", "type", "key"])
    #expect(items[1].value == "distance")
    #expect(items[3].value == "AIza&Key=1")
  }

  @Test func keepsAFractionalRadius() {
    let request = provider.makeRequest(
      for: NearbySearch(location: helsinki, ranking: .prominence(radius: 12.5))
    )
    #expect(request.url.query?.contains("radius=12.5") == true)
  }

  @Test func sendsOnlyTheTokenAndKeyForANextPage() {
    let request = provider.makeRequest(pageToken: "Aap_uE+x/y==")
    #expect(
      request.url.absoluteString.hasSuffix(
        "/json?pagetoken=Aap_uE%2Bx%2Fy%3D%3D&key=AIza%26Key%3D1"
      )
    )
  }

  @Test func refusesImpossibleSearchesBeforeSendingAnything() async {
    let transport = ScriptedTransport([])
    let provider = GoogleNearbySearchProvider(
      transport: transport,
      configuration: .init(apiKey: nil)
    )
    let searches = [
      NearbySearch(location: helsinki, ranking: .prominence(radius: 50_001)),
      NearbySearch(location: helsinki, ranking: .prominence(radius: 0)),
      NearbySearch(location: helsinki, ranking: .distance),
      NearbySearch(location: helsinki, ranking: .prominence(radius: 10), maxPrice: 5),
    ]
    for search in searches {
      await #expect {
        try await provider.searchNearby(search)
      } throws: { error in
        guard case .invalidSearch = error as? PlacesError else { return false }
        return !(error as! PlacesError).isRetryable
      }
    }
    #expect(transport.requests.isEmpty)
  }
}
