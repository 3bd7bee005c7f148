import ForageGeodesy
import ForageHTTP
import ForageTestSupport
import Foundation
import Testing

@testable import ForageProviders

/// Google's own Python client (`googlemaps`) and the Swift client get the same pages from the
/// real `mock-places` binary.
@Suite(.serialized) struct GoogleMapsPythonTests {
  static let key = "AIzaMockPlacesKey0123456789"
  static let center = Coordinate(unchecked: 60.1699, longitude: 24.9384)

  /// The queries both clients run.
  static let searches: [NearbySearch] = [
    NearbySearch(location: center, ranking: .prominence(radius: 500)),
    NearbySearch(location: center, ranking: .prominence(radius: 800), type: "cafe"),
    NearbySearch(location: center, ranking: .distance, type: "restaurant"),
    NearbySearch(location: center, ranking: .prominence(radius: 1500), keyword: "pizza"),
    NearbySearch(location: center, ranking: .prominence(radius: 2000), keyword: "Soc&Kom"),
    NearbySearch(location: center, ranking: .distance, keyword: "théhuone"),
    NearbySearch(location: center, ranking: .prominence(radius: 2000), openNow: true),
    NearbySearch(location: center, ranking: .distance, type: "bar", language: "fi"),
    NearbySearch(
      location: Coordinate(unchecked: 0, longitude: 0),
      ranking: .prominence(radius: 100)
    ),
  ]

  /// Whether `import googlemaps` works in this machine's python3.
  static let isAvailable: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import googlemaps"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }()

  /// The keyword arguments of `places_nearby` for a search.
  static func pythonArguments(_ search: NearbySearch) -> [String: Any] {
    var arguments: [String: Any] = [
      "location": [search.location.latitude, search.location.longitude]
    ]
    switch search.ranking {
    case .prominence(let radius): arguments["radius"] = radius
    case .distance: arguments["rank_by"] = "distance"
    }
    if let type = search.type { arguments["type"] = type }
    if let keyword = search.keyword { arguments["keyword"] = keyword }
    if search.openNow { arguments["open_now"] = true }
    if let minPrice = search.minPrice { arguments["min_price"] = minPrice }
    if let maxPrice = search.maxPrice { arguments["max_price"] = maxPrice }
    if let language = search.language { arguments["language"] = language }
    return arguments
  }

  /// Runs the Python script and returns its decoded output, one object per query.
  static func runPython(
    baseURL: URL,
    key: String,
    searches: [NearbySearch]
  ) throws -> [[String: Any]] {
    let script = TestData.packageRoot.appendingPathComponent("Mocks/Tests/googlemaps_check.py")
    let queries = try JSONSerialization.data(withJSONObject: searches.map(pythonArguments))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", script.path, "--base-url", baseURL.absoluteString, "--key", key,
      "--queries", String(decoding: queries, as: UTF8.self), "--token-wait", "0.1",
    ]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorText = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(),
      as: UTF8.self
    )
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "googlemaps_check.py: \(errorText)")
    return try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
  }

  /// What the Swift client gets for a search: the ids of each page, or the failing status.
  static func swiftOutcome(
    _ provider: GoogleNearbySearchProvider,
    _ search: NearbySearch
  ) async -> [String: Any] {
    do {
      var page = try await provider.searchNearby(search)
      var pages = [page.places.map(\.id)]
      while let token = page.nextPageToken {
        page = try await provider.nextPage(token)
        pages.append(page.places.map(\.id))
      }
      return ["pages": pages]
    } catch {
      let status =
        switch error {
        case .requestDenied: "REQUEST_DENIED"
        case .invalidRequest: "INVALID_REQUEST"
        case .overQueryLimit: "OVER_QUERY_LIMIT"
        case .unknownError: "UNKNOWN_ERROR"
        default: "\(error)"
        }
      return ["status": status, "error": true]
    }
  }

  /// The Swift provider, through libcurl, against a running server.
  static func swiftProvider(_ baseURL: URL, key: String) -> GoogleNearbySearchProvider {
    GoogleNearbySearchProvider(
      transport: HTTPClient(),
      configuration: .init(baseURL: baseURL, apiKey: PlacesAPIKey(key)),
      pageToken: PageTokenPolicy(
        firstUseDelay: .milliseconds(100),
        retryDelay: .milliseconds(100),
        maxAttempts: 30
      )
    )
  }

  @Test(
    .enabled(if: isAvailable, "python3 cannot import googlemaps (pip install googlemaps)"),
    .timeLimit(.minutes(3))
  )
  func googlesPythonClientGetsTheSamePagesAsTheSwiftClient() async throws {
    let dataset = TestData.helsinkiPlaces
    let server = try MockPlacesProcess([
      "--dataset", dataset.path, "--api-key", Self.key, "--page-token-delay", "0.3",
    ])
    defer { #expect(server.stop() == 0) }
    let python = try Self.runPython(baseURL: server.baseURL, key: Self.key, searches: Self.searches)
    try #require(python.count == Self.searches.count)
    let provider = Self.swiftProvider(server.baseURL, key: Self.key)
    for (search, fromPython) in zip(Self.searches, python) {
      let fromSwift = await Self.swiftOutcome(provider, search)
      let pythonPages = fromPython["pages"] as? [[String]]
      let swiftPages = fromSwift["pages"] as? [[String]]
      #expect(pythonPages != nil, "googlemaps failed for \(search): \(fromPython)")
      #expect(pythonPages == swiftPages, "\(search)")
    }
    // The comparison means something: full paging, the 60 cap, keywords and empty answers.
    let pageCounts = python.map { ($0["pages"] as? [[String]])?.count ?? 0 }
    let totals = python.map { ($0["pages"] as? [[String]])?.joined().count ?? 0 }
    #expect(pageCounts[0] == 3 && totals[0] == 60)
    #expect(totals[2] == 60)
    #expect(totals[4] >= 1 && totals[5] >= 1)
    #expect(python.last?["status"] as? String == "ZERO_RESULTS" && totals.last == 0)
  }

  @Test(
    .enabled(if: isAvailable, "python3 cannot import googlemaps (pip install googlemaps)"),
    .timeLimit(.minutes(3))
  )
  func bothClientsAreDeniedWithAWrongKey() async throws {
    let dataset = TestData.helsinkiPlaces
    let server = try MockPlacesProcess(["--dataset", dataset.path, "--api-key", Self.key])
    defer { #expect(server.stop() == 0) }
    let wrong = "AIzaWrongKeyWrongKeyWrongKeyWrongKey123"
    let python = try Self.runPython(
      baseURL: server.baseURL,
      key: wrong,
      searches: [Self.searches[0]]
    )
    let swift = await Self.swiftOutcome(
      Self.swiftProvider(server.baseURL, key: wrong),
      Self.searches[0]
    )
    #expect(python.first?["status"] as? String == "REQUEST_DENIED")
    #expect(swift["status"] as? String == "REQUEST_DENIED")
  }
}
