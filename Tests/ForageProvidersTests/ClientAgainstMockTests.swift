import ForageHTTP
import ForagePlaceDataset
import ForagePlaceModel
import ForageSupport
import Foundation
import MockPlaces
import Testing

@testable import ForageProviders

/// The Swift client against the mock's handlers in process: wire formats agree end to end.
@Suite struct ClientAgainstMockTests {
  private static let center = PlacesTestData.center
  private static let dataset = PlacesTestData.dataset

  @Test(arguments: ["Fish & Chips + Café", "ääni 北京", "50% off", "fish & chips"])
  func keywordsRoundTripIntoTheMocksFilter(keyword: String) async throws {
    let transport = InProcessTransport(
      PlacesAPIHandler(dataset: Self.dataset, apiKey: "AIza+Key&=", pageTokenDelay: .zero)
    )
    let provider = GoogleNearbySearchProvider(
      transport: transport,
      configuration: .init(apiKey: PlacesAPIKey("AIza+Key&=")),
      clock: VirtualClock()
    )
    let page = try await provider.searchNearby(
      NearbySearch(location: Self.center, ranking: .distance, keyword: keyword)
    )
    #expect(page.places.count == 1)
    #expect(transport.requests.first?.queryValue("keyword") == keyword)
    #expect(transport.requests.first?.queryValue("key") == "AIza+Key&=")
  }

  @Test func pagesToSixtyThroughTheNotValidYetDelay() async throws {
    // One virtual clock for both sides: the provider's waits move the server's time.
    let clock = VirtualClock(recordingSleeps: true)
    let handler = PlacesAPIHandler(
      dataset: Self.dataset,
      pageTokenDelay: .seconds(2),
      clock: clock
    )
    let provider = GoogleNearbySearchProvider(
      transport: InProcessTransport(handler),
      configuration: .init(apiKey: nil),
      clock: clock
    )
    let places = try await provider.searchAllPages(
      NearbySearch(location: Self.center, ranking: .prominence(radius: 1000))
    )
    #expect(places.count == 60)
    #expect(Set(places.map(\.id)).count == 60)
    #expect(places.map(\.id) == PlacesTestData.prominenceOrder)
    // Per page: wait 1.5 s, get INVALID_REQUEST (token valid at 2 s), wait 0.5 s, succeed.
    #expect(
      clock.sleeps == [
        .milliseconds(1500), .milliseconds(500), .milliseconds(1500), .milliseconds(500),
      ]
    )
  }

  @Test func rankByDistanceReturnsNearestFirst() async throws {
    let provider = GoogleNearbySearchProvider(
      transport: InProcessTransport(PlacesAPIHandler(dataset: Self.dataset, pageTokenDelay: .zero)),
      configuration: .init(apiKey: nil),
      clock: VirtualClock()
    )
    let page = try await provider.searchNearby(
      NearbySearch(location: Self.center, ranking: .distance, type: "meal_takeaway")
    )
    #expect(page.places.map(\.id) == ["pizza"])
    let all = try await provider.searchAllPages(
      NearbySearch(location: Self.center, ranking: .distance, type: "restaurant")
    )
    #expect(all.prefix(3).map(\.id) == ["r00", "r01", "r02"])
    #expect(all.count == 60)
  }

  @Test func aWrongKeyIsDeniedAndNotRetried() async throws {
    let transport = InProcessTransport(PlacesAPIHandler(dataset: Self.dataset, apiKey: "AIzaRight"))
    let provider = GoogleNearbySearchProvider(
      transport: transport,
      configuration: .init(apiKey: PlacesAPIKey("AIzaWrong")),
      clock: VirtualClock()
    )
    await #expect(throws: PlacesError.requestDenied(message: "The provided API key is invalid. ")) {
      try await provider.searchNearby(
        NearbySearch(location: Self.center, ranking: .prominence(radius: 100))
      )
    }
    #expect(transport.requests.count == 1)
  }

  @Test func placesNewAgreesWithTheLegacyOrder() async throws {
    let handler = PlacesAPIHandler(dataset: Self.dataset, apiKey: "AIzaK", pageTokenDelay: .zero)
    let legacy = GoogleNearbySearchProvider(
      transport: InProcessTransport(handler),
      configuration: .init(apiKey: PlacesAPIKey("AIzaK")),
      clock: VirtualClock()
    )
    let new = PlacesNewProvider(
      transport: InProcessTransport(handler),
      configuration: .init(apiKey: PlacesAPIKey("AIzaK")),
      clock: VirtualClock()
    )
    for ranking in [NearbySearch.Ranking.prominence(radius: 200), .distance] {
      let search = NearbySearch(location: Self.center, ranking: ranking, type: "restaurant")
      let first = try await legacy.searchNearby(search).places
      let other = try await new.searchNearby(search).places
      #expect(first.allSatisfy { $0.provenance == .googleNearbySearch })
      #expect(other.allSatisfy { $0.provenance == .placesNew })
      // The same places, told apart only by where they came from.
      #expect(first == other.map { $0.with(provenance: .googleNearbySearch) })
    }
  }

  /// Pro fields only, against the mock that honours the field mask as Google does: the same
  /// places in the same order at the same coordinates, with no rating, price, `open_now` or
  /// hours.
  @Test func proFieldsKeepThePlacesAndDropOnlyTheEnterpriseFields() async throws {
    // Every place with a rating, a price level and whether it is open now.
    let rated = PlaceDataset(
      places: Self.dataset.places.enumerated().map { index, place in
        Place.dataset(
          id: place.id,
          name: place.name,
          latitude: place.latitude,
          longitude: place.longitude,
          types: place.types,
          rating: 3 + Double(index % 20) / 10,
          userRatingsTotal: 10 + index,
          priceLevel: index % 5,
          openNow: index % 2 == 0
        )
      }
    )
    let handler = PlacesAPIHandler(dataset: rated, apiKey: "AIzaK", pageTokenDelay: .zero)
    func provider(_ fields: PlacesFieldSet) -> PlacesNewProvider {
      PlacesNewProvider(
        transport: InProcessTransport(handler),
        configuration: .init(apiKey: PlacesAPIKey("AIzaK")),
        clock: VirtualClock(),
        fields: fields
      )
    }
    for ranking in [NearbySearch.Ranking.prominence(radius: 200), .distance] {
      let search = NearbySearch(location: Self.center, ranking: ranking, type: "restaurant")
      let all = try await provider(.all).searchNearby(search).places
      let pro = try await provider(.pro).searchNearby(search).places
      #expect(!all.isEmpty && all.allSatisfy { $0.rating != nil && $0.priceLevel != nil })
      #expect(pro.map(\.id) == all.map(\.id))
      #expect(pro.map(\.coordinate) == all.map(\.coordinate))
      #expect(pro.map(\.name) == all.map(\.name))
      #expect(pro.map(\.types) == all.map(\.types))
      #expect(
        pro.allSatisfy {
          $0.rating == nil && $0.userRatingsTotal == nil && $0.priceLevel == nil
            && $0.openNow == nil && $0.openingHours == nil
        }
      )
    }
  }
}
