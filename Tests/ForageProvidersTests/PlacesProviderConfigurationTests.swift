import ForageHTTP
import ForageSupport
import Foundation
import Testing

@testable import ForageProviders

@Suite struct PlacesProviderConfigurationTests {
  @Test func eachProviderDefaultsToItsOwnServerAndTimeout() {
    let google = GoogleNearbySearchProvider.Configuration()
    #expect(google.baseURL == URL(string: "https://maps.googleapis.com")!)
    #expect(google.timeout == .seconds(10))
    let placesNew = PlacesNewProvider.Configuration()
    #expect(placesNew.baseURL == URL(string: "https://places.googleapis.com")!)
    #expect(placesNew.timeout == .seconds(10))
    let overpass = OverpassProvider.Configuration()
    #expect(overpass.baseURL == URL(string: "https://overpass-api.de")!)
    #expect(overpass.timeout == .seconds(30))
    for (apiKey, retry) in [
      (google.apiKey, google.retry), (placesNew.apiKey, placesNew.retry),
      (overpass.apiKey, overpass.retry),
    ] {
      #expect(apiKey == nil)
      #expect(retry == .placesSearch)
    }
  }

  @Test func googleWaitsForPageTokensAsObservedByDefault() {
    let provider = GoogleNearbySearchProvider(
      transport: ScriptedTransport([]),
      configuration: .init(apiKey: PlacesAPIKey("AIzaKey"))
    )
    #expect(provider.pageToken == .standard)
  }

  @Test func requestsGoToTheBaseURLWithoutItsTrailingSlashes() {
    let configuration = OverpassProvider.Configuration(
      baseURL: URL(string: "http://127.0.0.1:9/prefix//")!
    )
    #expect(
      configuration.url(path: "/api/interpreter").absoluteString
        == "http://127.0.0.1:9/prefix/api/interpreter"
    )
    #expect(
      configuration.url(path: "/json", query: "a=1&b=%20").absoluteString
        == "http://127.0.0.1:9/prefix/json?a=1&b=%20"
    )
  }
}
