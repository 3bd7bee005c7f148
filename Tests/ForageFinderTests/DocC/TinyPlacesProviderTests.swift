import ForageFinder
import ForageGeodesy
import ForageHTTP
import ForagePlaceModel
import ForageProviders
import ForageSupport
import ForageTestSupport
import Foundation
import Testing

/// The provider of the article "Implementing a provider": what the article says of it holds,
/// and a finder over it answers every fix exactly, with fewer requests than fixes.
@Suite struct TinyPlacesProviderTests {
  /// A walk's answers, each checked against the K nearest restaurants of the world within R.
  static func expectExactAnswers(
    limit: Int,
    fixes: Int = 80
  ) async throws -> (summary: RunSummary, requests: Int, answers: Int) {
    let api = TinyPlacesAPI(places: AssemblyFixtures.world)
    let finder = makeTinyPlacesFinder(api: api, limit: limit)
    let events = EventCollector()
    let outcome = try await AssemblyFixtures.walk(fixes: fixes, metresPerSecond: 5)
      .replay(finder, writer: events)
    var answers = 0
    for event in events.events {
      guard
        case .places(let fix, let latitude, let longitude, let radius, _, let places) =
          event.payload
      else { continue }
      answers += 1
      let here = Coordinate(unchecked: latitude, longitude: longitude)
      let expected =
        AssemblyFixtures.world.filter { $0.hasType("restaurant") }
        .map { (id: $0.id, distance: Geodesic.distance(here, $0.coordinate)) }
        .filter { $0.distance <= radius }.sorted { ($0.distance, $0.id) < ($1.distance, $1.id) }
        .prefix(limit).map(\.id)
      #expect(places.map(\.id) == Array(expected), "fix \(fix)")
    }
    return (outcome.summary, api.requestCount, answers)
  }

  @Test func aFinderOverItAnswersEveryFixExactly() async throws {
    let (summary, requests, answers) = try await Self.expectExactAnswers(limit: 5)
    #expect(answers == summary.fixesUsed)
    #expect(summary.requests == requests)
    #expect(requests < summary.fixesUsed / 2, "\(requests) requests for \(summary.fixesUsed) fixes")
    #expect(summary.attribution == "Places © Tiny Places contributors")
  }

  /// Beyond the cap (K = 50, 40 a search), the union of several searches answers.
  @Test func beyondTheCapTheUnionOfSearchesAnswersExactly() async throws {
    let (summary, requests, answers) = try await Self.expectExactAnswers(limit: 50, fixes: 40)
    #expect(answers + summary.fixesNotExact == summary.fixesUsed)
    #expect(answers > 0)
    #expect(requests > 0)
  }

  @Test func pagesAreFetchedUpToTheCapWithoutDuplicates() async throws {
    let api = TinyPlacesAPI(places: AssemblyFixtures.world)
    let provider = TinyPlacesProvider(transport: api)
    let start = Coordinate(
      unchecked: AssemblyFixtures.start.latitude,
      longitude: AssemblyFixtures.start.longitude
    )
    let search = NearbySearch(location: start, ranking: .distance, type: "restaurant")
    let first = try await provider.searchNearby(search)
    #expect(first.places.count == 20)
    #expect(first.nextPageToken != nil)
    let places = try await provider.searchAllPages(search)
    #expect(places.count == provider.capabilities.resultLimit)
    #expect(Set(places.map(\.id)).count == places.count)
    #expect(places.allSatisfy { $0.hasType("restaurant") })
    let distances = places.map { Geodesic.distance(start, $0.coordinate) }
    #expect(distances == distances.sorted())
    #expect(api.requestCount == 3)  // the first page alone, then both pages
  }

  /// What the API lacks is refused before any request is spent.
  @Test(arguments: [
    NearbySearch(location: .init(unchecked: 60, longitude: 24), ranking: .distance, openNow: true),
    NearbySearch(location: .init(unchecked: 60, longitude: 24), ranking: .distance, minPrice: 1),
    NearbySearch(location: .init(unchecked: 60, longitude: 24), ranking: .distance, maxPrice: 3),
    NearbySearch(location: .init(unchecked: 60, longitude: 24), ranking: .distance),
    NearbySearch(location: .init(unchecked: 60, longitude: 24), ranking: .prominence(radius: 0)),
  ])
  func anInvalidSearchIsRefusedBeforeSending(_ search: NearbySearch) async {
    let api = TinyPlacesAPI(places: AssemblyFixtures.world)
    await #expect {
      _ = try await TinyPlacesProvider(transport: api).searchNearby(search)
    } throws: { error in
      if case .invalidSearch = error as? PlacesError { true } else { false }
    }
    #expect(api.requestCount == 0)
  }

  /// Every status, with every kind of body, maps to the ``PlacesError`` the article's table
  /// says; an error's message comes from the body when it has one.
  @Test func everyStatusMapsToItsPlacesError() {
    let bodies = [#"{"error":"no"}"#, "<html>busy</html>", ""]
    for status in [200, 201, 400, 401, 403, 404, 429, 500, 503] {
      for body in bodies {
        let message = body.hasPrefix("{") ? "no" : nil
        let expected: PlacesError =
          switch status {
          case 200, 201: .malformedResponse("expected a JSON object with \"results\"")
          case 400: .invalidRequest(message: message)
          case 401, 403: .requestDenied(message: message)
          case 429: .overQueryLimit(message: message)
          default: .httpStatus(status, retryAfter: nil)
          }
        let response = HTTPResponse(status: status, body: Data(body.utf8))
        #expect(throws: expected, "\(status) \(body)") {
          _ = try TinyPlacesProvider.decode(response)
        }
      }
    }
  }

  /// Results without an id or a possible position are left out and counted.
  @Test func unusableResultsAreSkippedAndCounted() throws {
    let body = """
      {"results": [
        {"id": "a", "name": "Kamppi", "lat": 60.17, "lng": 24.93, "opening_hours": "Mo-Su 10:00-22:00"},
        {"name": "no id", "lat": 60.17, "lng": 24.93},
        {"id": "b", "lat": 999, "lng": 24.93},
        {"id": "c"}
      ], "next_page": "10|lat=1"}
      """
    let page = try TinyPlacesProvider.decode(HTTPResponse(status: 200, body: Data(body.utf8)))
    #expect(page.places.map(\.id) == ["a"])
    #expect(page.places.first?.openingHours == .openStreetMap("Mo-Su 10:00-22:00"))
    #expect(page.skippedResults == 3)
    #expect(page.nextPageToken?.value == "10|lat=1")
  }

  /// Over libcurl, to a server on 127.0.0.1: the request is the wire format's, the page token
  /// goes back as sent, and a refused key is ``PlacesError/requestDenied(message:)``.
  @Test func itTalksHTTPThroughLibcurl() async throws {
    let server = try ScriptedHTTPServer { request in
      switch request.index {
      case 0:
        .init(body: #"{"results":[{"id":"a","lat":60.17,"lng":24.93}],"next_page":"10|x y"}"#)
      case 1: .init(body: #"{"results":[{"id":"b","lat":60.18,"lng":24.93}]}"#)
      default: .init(status: 403, body: #"{"error":"key refused"}"#)
      }
    }
    defer { server.close() }
    let provider = TinyPlacesProvider(
      configuration: .init(
        baseURL: URL(string: "http://127.0.0.1:\(server.port)")!,
        apiKey: PlacesAPIKey("tiny-secret-key"),
        retry: .never
      )
    )
    let search = NearbySearch(
      location: .init(unchecked: 60.17, longitude: 24.93),
      ranking: .distance,
      keyword: "pho bo"
    )
    #expect(try await provider.searchAllPages(search).map(\.id) == ["a", "b"])
    await #expect(throws: PlacesError.requestDenied(message: "key refused")) {
      _ = try await provider.searchNearby(search)
    }
    let targets = server.requests.map(\.target)
    #expect(targets.first == "/v1/nearby?lat=60.17&lng=24.93&rank=distance&keyword=pho%20bo")
    #expect(targets.dropFirst().first == "/v1/nearby?page=10%7Cx%20y")
    #expect(server.requests.allSatisfy { $0.method == "GET" })
  }

  /// The live provider is the real API's, with the key kept out of sight and retries on.
  @Test func theLiveProviderAsksTheRealAPI() {
    let provider = makeTinyPlacesProvider(key: "tiny-secret-key")
    #expect(provider.configuration.baseURL == TinyPlacesProvider.defaultBaseURL)
    #expect(provider.configuration.retry == .placesSearch)
    #expect(provider.configuration.apiKey?.value == "tiny-secret-key")
    #expect(!"\(provider.configuration)".contains("tiny-secret-key"))
  }
}
