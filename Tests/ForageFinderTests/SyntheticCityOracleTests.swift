import ForageFinder
import ForageGeodesy
import ForagePlace
import ForagePlacesData
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

  /// Replays the city's walk with `policy` against the mock serving the city's GeoJSON; returns
  /// each answer with the fix's position, and the HTTP requests sent.
  static func run(
    _ city: SyntheticCity,
    policy: QueryPolicy
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
      handlers: [NearbySearchHandler(dataset: dataset, pageTokenDelay: .zero)]
    )
    try server.start()
    let backend = PlacesBackend.remote(
      baseURL: server.url,
      provider: .google,
      apiKey: nil,
      clock: NetworkTime.virtual.makeClock(),
      onRelease: { server.stop() }
    )
    let finder = Finder(
      options: FinderOptions(policy: policy),
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
    let restaurants = dataset.places.filter { $0.types.contains("restaurant") }
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

  @Test func theGeneratorIsTheSameForASeed() {
    let first = SyntheticCity(kind: .dense, seed: 7, fixes: 50)
    let second = SyntheticCity(kind: .dense, seed: 7, fixes: 50)
    #expect(first.geoJSON() == second.geoJSON() && first.gpx() == second.gpx())
    #expect(first.gpx() != SyntheticCity(kind: .dense, seed: 8, fixes: 50).gpx())
  }
}
