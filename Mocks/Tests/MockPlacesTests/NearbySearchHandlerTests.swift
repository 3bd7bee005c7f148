import ForageGeodesy
import ForagePlaceDataset
import ForageSupport
import ForageTestSupport
import Foundation
import Testing

@testable import MockPlaces

@Suite struct NearbySearchHandlerTests {
  typealias F = MockPlacesFixtures

  private func handler(
    _ dataset: PlaceDataset,
    apiKey: String? = nil,
    delay: Duration = .zero,
    clock: VirtualClock = VirtualClock()
  ) -> NearbySearchHandler {
    NearbySearchHandler(dataset: dataset, apiKey: apiKey, pageTokenDelay: delay, clock: clock)
  }

  @Test func answersOnlyItsPathAndOnlyGET() async throws {
    let handler = handler(F.row(3))
    #expect(await handler.respond(to: MockRequest(method: "GET", path: "/other")) == nil)
    let post = await handler.respond(
      to: MockRequest(method: "POST", path: NearbySearchHandler.path)
    )
    #expect(post?.status == 405)
    let response = try #require(
      await handler.respond(to: F.nearby([F.location, ("radius", "500")]))
    )
    #expect(response.status == 200)
    #expect(response.headers.first?.value == "application/json; charset=UTF-8")
  }

  @Test func servesAPageInGooglesShape() async throws {
    let dataset = PlaceDataset(places: [
      F.place(
        "g1",
        at: 10,
        name: "Cruise Bar",
        types: ["bar", "restaurant"],
        rating: 4,
        ratings: 1269,
        priceLevel: 2,
        openNow: false
      )
    ])
    let response = await handler(dataset).respond(to: F.nearby([F.location, ("radius", "500")]))
    let text = String(decoding: try #require(response).body, as: UTF8.self)
    let point = F.north(10)
    #expect(
      text
        == #"{"html_attributions":[],"results":[{"business_status":"OPERATIONAL","geometry":{"location":{"#
        + #""lat":\#(point.latitude),"lng":\#(point.longitude)}},"name":"Cruise Bar","opening_hours":{"open_now":false},"#
        + #""place_id":"g1","price_level":2,"rating":4,"reference":"g1","types":["bar","restaurant"],"#
        + #""user_ratings_total":1269}],"status":"OK"}"#
    )
  }

  @Test func answersZeroResultsAndInvalidRequestAsHTTP200() async throws {
    let handler = handler(F.row(3))
    let far = try F.json(
      await handler.respond(to: F.nearby([("location", "0,0"), ("radius", "100")]))
    )
    #expect(far["status"] as? String == "ZERO_RESULTS")
    #expect(far["html_attributions"] as? [Any] != nil)
    #expect(far["results"] as? [Any] != nil)
    let bad = await handler.respond(
      to: F.nearby([F.location, ("rankby", "distance"), ("radius", "5"), ("type", "cafe")])
    )
    #expect(bad?.status == 200)
    let body = try F.json(bad)
    #expect(body["status"] as? String == "INVALID_REQUEST")
    #expect((body["error_message"] as? String)?.contains("radius") == true)
  }

  @Test func filtersByGeodesicRadiusInclusively() async throws {
    let dataset = PlaceDataset(places: [F.place("in", at: 100), F.place("out", at: 101)])
    let inside = dataset.places[0]
    let exact = Geodesic.distance(
      latitude1: F.center.latitude,
      longitude1: F.center.longitude,
      latitude2: inside.latitude,
      longitude2: inside.longitude
    )
    let body = try F.json(
      await handler(dataset).respond(to: F.nearby([F.location, ("radius", String(exact))]))
    )
    #expect(F.ids(body) == ["in"])
    let justShort = try F.json(
      await handler(dataset).respond(to: F.nearby([F.location, ("radius", String(exact - 0.001))]))
    )
    #expect(justShort["status"] as? String == "ZERO_RESULTS")
  }

  @Test func ordersByProminenceWithTiesById() async throws {
    let dataset = PlaceDataset(places: [
      F.place("b", at: 10, rating: 4, ratings: 100),
      F.place("a", at: 20, rating: 4, ratings: 100),
      F.place("c", at: 30, rating: 5, ratings: 10),
      F.place("d", at: 40, rating: 3, ratings: 10_000),
    ])
    // 3·ln(10001) = 27.6 > 4·ln(101) = 18.5 > 5·ln(11) = 12.0
    let body = try F.json(
      await handler(dataset).respond(to: F.nearby([F.location, ("radius", "1000")]))
    )
    #expect(F.ids(body) == ["d", "a", "b", "c"])
  }

  @Test func ordersByDistanceNearestFirst() async throws {
    let dataset = PlaceDataset(places: [
      F.place("far", at: 300, rating: 5, ratings: 9999),
      F.place("near", at: 10, rating: 1, ratings: 1),
      F.place("mid", at: 150),
      F.place("cafe", at: 5, types: ["cafe"]),
    ])
    let body = try F.json(
      await handler(dataset).respond(
        to: F.nearby([F.location, ("rankby", "distance"), ("type", "restaurant")])
      )
    )
    #expect(F.ids(body) == ["near", "mid", "far"])
  }

  @Test func appliesTypeKeywordNameOpenNowAndPriceFilters() async throws {
    let dataset = PlaceDataset(places: [
      F.place(
        "pizza",
        at: 10,
        name: "Pizzeria Napoli",
        priceLevel: 1,
        openNow: true,
        keywords: ["pizza", "italian"]
      ),
      F.place(
        "cafe",
        at: 20,
        name: "Café Ekberg",
        types: ["cafe", "food"],
        priceLevel: 2,
        openNow: false
      ),
      F.place(
        "bar",
        at: 30,
        name: "Bar & Grill",
        types: ["bar"],
        priceLevel: 3,
        keywords: ["vegan"]
      ),
      F.place("noprice", at: 40, name: "Kebab"),
    ])
    let handler = handler(dataset)
    func ids(_ extra: [(String, String)]) async throws -> [String] {
      F.ids(
        try F.json(await handler.respond(to: F.nearby([F.location, ("radius", "1000")] + extra)))
      )
    }
    #expect(try await ids([("type", "cafe")]) == ["cafe"])
    #expect(try await ids([("type", "CAFE")]) == ["cafe"])
    #expect(try await Set(ids([("keyword", "ITALIAN")])) == ["pizza"])
    #expect(try await ids([("keyword", "cafe")]) == ["cafe"])
    #expect(try await ids([("keyword", "bar & grill")]) == ["bar"])
    #expect(try await ids([("keyword", "grill vegan")]) == ["bar"])
    #expect(try await ids([("keyword", "napoli")]) == ["pizza"])
    #expect(try await ids([("name", "napoli")]) == ["pizza"])
    #expect(try await ids([("name", "italian")]) == [])
    #expect(try await ids([("opennow", "true")]) == ["pizza"])
    #expect(try await Set(ids([("minprice", "1"), ("maxprice", "2")])) == ["pizza", "cafe"])
    #expect(try await Set(ids([("minprice", "3")])) == ["bar"])
    #expect(try await Set(ids([("minprice", "None"), ("maxprice", "None")])).count == 4)
  }

  @Test func leavesClosedBusinessesOutUnlessAKeywordIsGiven() async throws {
    let dataset = PlaceDataset(places: [
      F.place("open", at: 10),
      F.place("gone", at: 20, status: .closedPermanently),
      F.place("paused", at: 30, status: .closedTemporarily),
    ])
    let handler = handler(dataset)
    let plain = try F.json(await handler.respond(to: F.nearby([F.location, ("radius", "100")])))
    #expect(F.ids(plain) == ["open"])
    let keyword = try F.json(
      await handler.respond(to: F.nearby([F.location, ("radius", "100"), ("keyword", "place")]))
    )
    #expect(Set(F.ids(keyword)) == ["open", "gone", "paused"])
  }

  @Test func pagesTwentyAtATimeUpToSixty() async throws {
    let handler = handler(F.row(75))
    let first = try F.json(await handler.respond(to: F.nearby([F.location, ("radius", "5000")])))
    let second = try F.json(
      await handler.respond(
        to: F.nearby([("pagetoken", try #require(first["next_page_token"] as? String))])
      )
    )
    let third = try F.json(
      await handler.respond(
        to: F.nearby([("pagetoken", try #require(second["next_page_token"] as? String))])
      )
    )
    #expect(F.ids(first).count == 20 && F.ids(second).count == 20 && F.ids(third).count == 20)
    #expect(third["next_page_token"] == nil)
    let all = F.ids(first) + F.ids(second) + F.ids(third)
    #expect(Set(all).count == 60)
    let expected = MockPlacesFixtures.row(75).places
      .sorted { $0.prominence != $1.prominence ? $0.prominence > $1.prominence : $0.id < $1.id }
      .prefix(60).map(\.id)
    #expect(all == Array(expected))
  }

  @Test func aPageTokenIsValidOnlyAfterTheDelay() async throws {
    let clock = VirtualClock()
    let handler = handler(F.row(30), delay: .seconds(2), clock: clock)
    let first = try F.json(await handler.respond(to: F.nearby([F.location, ("radius", "5000")])))
    let token = try #require(first["next_page_token"] as? String)
    let early = try F.json(await handler.respond(to: F.nearby([("pagetoken", token)])))
    #expect(early["status"] as? String == "INVALID_REQUEST")
    #expect(early["error_message"] == nil)
    clock.advance(by: .milliseconds(1999))
    let stillEarly = try F.json(await handler.respond(to: F.nearby([("pagetoken", token)])))
    #expect(stillEarly["status"] as? String == "INVALID_REQUEST")
    clock.advance(by: .milliseconds(1))
    let ready = try F.json(await handler.respond(to: F.nearby([("pagetoken", token)])))
    #expect(ready["status"] as? String == "OK")
    #expect(F.ids(ready).count == 10)
    let reused = try F.json(await handler.respond(to: F.nearby([("pagetoken", token)])))
    #expect(F.ids(reused) == F.ids(ready))
  }

  /// A request telling the time on a client's clock (`Forage-Virtual-Time`, in seconds).
  private func atClientTime(_ seconds: String, _ parameters: [(String, String)]) -> MockRequest {
    var request = F.nearby(parameters)
    request.headers = [(NearbySearchHandler.virtualTimeHeader, seconds)]
    return request
  }

  @Test func aClientThatTellsItsTimeHasItsTokensTimedOnItsClock() async throws {
    // The server's clock never moves: only the client's says the delay has passed.
    let handler = handler(F.row(30), delay: .seconds(2), clock: VirtualClock())
    let search = [F.location, ("radius", "5000")]
    let first = try F.json(await handler.respond(to: atClientTime("10.000", search)))
    let token = try #require(first["next_page_token"] as? String)
    for early in ["10.000", "11.500", "11.999"] {
      let body = try F.json(await handler.respond(to: atClientTime(early, [("pagetoken", token)])))
      #expect(body["status"] as? String == "INVALID_REQUEST", "at \(early)")
    }
    let ready = try F.json(await handler.respond(to: atClientTime("12", [("pagetoken", token)])))
    #expect(ready["status"] as? String == "OK")
    #expect(F.ids(ready).count == 10)
    // Without the header, the same token waits for the server's own clock, as with Google.
    let untold = try F.json(await handler.respond(to: F.nearby([("pagetoken", token)])))
    #expect(untold["status"] as? String == "INVALID_REQUEST")
  }

  @Test(arguments: ["", "x", "-1", "nan", "inf", "1e308", " 12 "])
  func aTimeThatIsNoTimeLeavesTheTokenOnTheServersClock(_ text: String) async throws {
    let clock = VirtualClock()
    let handler = handler(F.row(30), delay: .seconds(2), clock: clock)
    let search = [F.location, ("radius", "5000")]
    let first = try F.json(await handler.respond(to: atClientTime(text, search)))
    let token = try #require(first["next_page_token"] as? String)
    let told = NearbySearchHandler.clientTime(text)
    let early = try F.json(await handler.respond(to: atClientTime(text, [("pagetoken", token)])))
    #expect(early["status"] as? String == "INVALID_REQUEST")
    clock.advance(by: .seconds(2))
    let ready = try F.json(await handler.respond(to: atClientTime(text, [("pagetoken", token)])))
    // " 12 " is a time (12 s, blanks aside): its token waits for the client's clock, still at 12.
    #expect(ready["status"] as? String == (told == nil ? "OK" : "INVALID_REQUEST"), "\(text)")
    #expect((told != nil) == (text == " 12 "))
  }

  @Test func withAPageTokenEveryOtherParameterIsIgnored() async throws {
    let handler = handler(F.row(30))
    let first = try F.json(await handler.respond(to: F.nearby([F.location, ("radius", "5000")])))
    let token = try #require(first["next_page_token"] as? String)
    let second = try F.json(
      await handler.respond(
        to: F.nearby([
          ("pagetoken", token), ("location", "garbage"), ("rankby", "distance"), ("radius", "1"),
        ])
      )
    )
    #expect(second["status"] as? String == "OK")
    #expect(F.ids(second).count == 10)
    let unknown = try F.json(
      await handler.respond(to: F.nearby([("pagetoken", "bm90LWEtdG9rZW4")]))
    )
    #expect(unknown["status"] as? String == "INVALID_REQUEST")
  }

  @Test func checksTheKeyWhenConfigured() async throws {
    let handler = handler(F.row(3), apiKey: "AIzaSecret")
    let missing = try F.json(await handler.respond(to: F.nearby([F.location, ("radius", "500")])))
    #expect(missing["status"] as? String == "REQUEST_DENIED")
    #expect((missing["error_message"] as? String)?.contains("API key") == true)
    let wrong = try F.json(
      await handler.respond(to: F.nearby([F.location, ("radius", "500"), ("key", "AIzaWrong")]))
    )
    #expect(wrong["status"] as? String == "REQUEST_DENIED")
    #expect(wrong["error_message"] as? String == "The provided API key is invalid. ")
    let right = try F.json(
      await handler.respond(to: F.nearby([F.location, ("radius", "500"), ("key", "AIzaSecret")]))
    )
    #expect(right["status"] as? String == "OK")
    // The key is checked before anything else, even a page token.
    let token = try F.json(await handler.respond(to: F.nearby([("pagetoken", "x")])))
    #expect(token["status"] as? String == "REQUEST_DENIED")
    for body in [missing, wrong, right] {
      let text = String(describing: body)
      #expect(!text.contains("AIzaSecret") && !text.contains("AIzaWrong"))
    }
  }

  @Test
  func capsTheDenseHelsinkiCentreAtSixty() async throws {
    let url = TestData.helsinkiPlaces
    let handler = handler(try PlaceDataset.load(contentsOf: url))
    var ids: [String] = []
    var page = try F.json(
      await handler.respond(to: F.nearby([("location", "60.1699,24.9384"), ("radius", "500")]))
    )
    while true {
      ids += F.ids(page)
      guard let token = page["next_page_token"] as? String else { break }
      page = try F.json(await handler.respond(to: F.nearby([("pagetoken", token)])))
    }
    #expect(ids.count == 60)
    #expect(Set(ids).count == 60)
  }
}
