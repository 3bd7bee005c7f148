import ForageFinder
import ForageGeodesy
import ForagePlaceDataset
import ForagePlaceModel
import ForageSyntheticCity
import Foundation
import MockPlaces
import Testing

/// The coverage policy over the generated cities (``SyntheticCity``) against the mock Places
/// server: every answer equals a brute-force geodesic oracle, and searching ahead spends far
/// fewer requests where places are dense.
@Suite struct SyntheticCityOracleTests {
  /// The ids of the K nearest restaurants within R of `centre`, by the geodesic distance to every
  /// restaurant in a box around it (the box only skips places farther than R), ties by id.
  static func oracle(
    _ places: [Place],
    _ query: PlacesQuery,
    at centre: Coordinate
  )
    -> [String]
  {
    let latitudeSpan = (query.radius + 100) / 110_000
    let longitudeSpan = latitudeSpan / cos(centre.latitude * .pi / 180)
    var found: [(distance: Double, id: String)] = []
    for place in places
    where abs(place.coordinate.latitude - centre.latitude) <= latitudeSpan
      && abs(place.coordinate.longitude - centre.longitude) <= longitudeSpan
    {
      let distance = Geodesic.distance(centre, place.coordinate)
      if distance <= query.radius { found.append((distance, place.id)) }
    }
    return found.sorted { ($0.distance, $0.id) < ($1.distance, $1.id) }.prefix(query.limit)
      .map(\.id)
  }

  /// Replays the city's walk with `policy` and `query` against the mock serving the city's
  /// GeoJSON as `provider`; returns each answer with the fix's position, and the HTTP requests
  /// sent.
  static func run(
    _ city: SyntheticCity,
    policy: QueryPolicy = .coverage,
    provider: PlacesBackend.ProviderName = .googleLegacy,
    query: PlacesQuery = PlacesQuery()
  ) async throws -> (
    answers: [(Coordinate, [String])], requests: Int, places: [Place]
  ) {
    let dataset = try PlaceDataset.parse(Data(city.geoJSON().utf8), file: "city.geojson")
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "synthetic-\(UUID().uuidString).gpx"
    )
    try Data(city.gpx().utf8).write(to: url)
    let walk = try WalkFile(url: url)
    let server = MockHTTPServer(
      handlers: [
        NearbySearchHandler(dataset: dataset, pageTokenDelay: .zero),
        PlacesNewHandler(dataset: dataset), OverpassHandler(dataset: dataset),
      ]
    )
    try server.start()
    let backend = PlacesBackend.remote(
      baseURL: server.url,
      provider: provider,
      apiKey: nil,
      clock: NetworkTime.virtual.makeClock(),
      onRelease: { server.stop() }
    )
    let finder = Finder(
      options: FinderOptions(query: query, policy: policy),
      middleware: Finder.defaultMiddleware(
        places: .places(backend.provider, requestCount: { backend.requestCount }, api: "mock")
      )
    )
    let collector = EventCollector()
    let outcome = try await walk.replay(finder, writer: collector)
    #expect(outcome.fatalFailure == nil)
    var answers: [(Coordinate, [String])] = []
    for event in collector.events {
      guard case .places(_, let latitude, let longitude, _, _, let places) = event.payload else {
        continue
      }
      answers.append((try Coordinate(latitude: latitude, longitude: longitude), places.map(\.id)))
    }
    let restaurants = dataset.places.filter { $0.types.contains(query.type ?? "restaurant") }
    return (answers, outcome.summary.requests, restaurants)
  }

  @Test func theDenseWalkIsExactAtEveryFixWithAtLeast30FixesARequest() async throws {
    let city = SyntheticCity(kind: .dense, seed: 12, fixes: 1_200)
    let query = PlacesQuery()
    let (answers, requests, restaurants) = try await Self.run(city, policy: .coverage)
    #expect(answers.count == 1_200)
    for (index, (centre, ids)) in answers.enumerated() {
      #expect(ids == Self.oracle(restaurants, query, at: centre), "fix \(index)")
    }
    #expect(answers.allSatisfy { $0.1.count == query.limit })
    #expect(requests * 30 <= answers.count, "\(requests) requests for \(answers.count) fixes")
  }

  @Test func theSparseWalkIsExactAtEveryFix() async throws {
    let city = SyntheticCity(kind: .sparse, seed: 12, fixes: 1_200)
    let (answers, requests, restaurants) = try await Self.run(city, policy: .coverage)
    #expect(answers.count == 1_200)
    for (index, (centre, ids)) in answers.enumerated() {
      #expect(ids == Self.oracle(restaurants, PlacesQuery(), at: centre), "fix \(index)")
    }
    #expect(requests <= 6, "\(requests) requests")
  }

  /// Replays the city's walk with the coverage policy against the mock speaking `provider`,
  /// checks every answer against the oracle, and returns how many fixes were answered and how
  /// many requests that cost.
  static func exactRun(
    _ city: SyntheticCity,
    provider: PlacesBackend.ProviderName,
    query: PlacesQuery
  ) async throws -> (fixes: Int, requests: Int) {
    let (answers, requests, restaurants) = try await run(city, provider: provider, query: query)
    #expect(answers.count == city.walk.count)
    for (index, (centre, ids)) in answers.enumerated() {
      #expect(ids == oracle(restaurants, query, at: centre), "fix \(index)")
    }
    return (answers.count, requests)
  }

  /// One search: one request, but for Nearby Search's pages where places are dense (it fetches
  /// pages until R is covered or the cap reached, standing or not).
  @Test(arguments: PlacesBackend.ProviderName.allCases)
  func aReceiverStandingStillCostsOneSearch(_ provider: PlacesBackend.ProviderName) async throws {
    for kind in SyntheticCity.Kind.allCases {
      let city = SyntheticCity(kind: kind, seed: 12, fixes: 300, speed: 0)
      let (_, requests) = try await Self.exactRun(
        city,
        provider: provider,
        query: PlacesQuery(limit: 10)
      )
      #expect(requests == 1, "\(kind): \(requests) requests")
    }
  }

  @Test func overpassServesAtLeast100FixesARequestWherePlacesAreSparse() async throws {
    let city = SyntheticCity(kind: .sparse, seed: 12, fixes: 1_200)
    let (fixes, requests) = try await Self.exactRun(city, provider: .overpass, query: PlacesQuery())
    #expect(requests * 100 <= fixes, "\(requests) requests for \(fixes) fixes")
  }

  @Test func placesNewWithKAtHalfItsCapServesAtLeast30FixesARequestOnTheDenseWalk() async throws {
    let city = SyntheticCity(kind: .dense, seed: 12, fixes: 1_200)
    let query = PlacesQuery(limit: 10)
    let (fixes, requests) = try await Self.exactRun(city, provider: .placesNew, query: query)
    #expect(requests * 30 <= fixes, "\(requests) requests for \(fixes) fixes")
  }

  @Test func theGeneratorIsTheSameForASeed() {
    let first = SyntheticCity(kind: .dense, seed: 7, fixes: 50)
    let second = SyntheticCity(kind: .dense, seed: 7, fixes: 50)
    #expect(first.geoJSON() == second.geoJSON() && first.gpx() == second.gpx())
    #expect(first.gpx() != SyntheticCity(kind: .dense, seed: 8, fixes: 50).gpx())
  }

  @Test func aReceiverStandingStillStaysWithinAFewMetresOfTheCentre() throws {
    let city = SyntheticCity(kind: .sparse, seed: 12, fixes: 600, speed: 0)
    let centre = try Coordinate(
      latitude: SyntheticCity.centre.latitude,
      longitude: SyntheticCity.centre.longitude
    )
    let farthest = try city.walk.map {
      Geodesic.distance(centre, try Coordinate(latitude: $0.latitude, longitude: $0.longitude))
    }.max()
    #expect(farthest.map { $0 < 12 } == true, "\(String(describing: farthest))")
  }
}
