import ForageTestSupport
import ForageTracks
import Foundation
import Testing

/// `forage run` end to end against the in-process mock: every `places` event equals the
/// brute-force oracle computed from the dataset file, for every delivered fix.
@Suite struct RunOracleTests {
  /// The real corpus's tracks (`Tests/Data`), each with how many fixes `forage` must replay from it (track
  /// points, else route points, else waypoints, as an independent reader counted them).
  static let corpusTracks: [(path: String, fixes: Int)] =
    ExpectedTrackCounts.gpx.sorted { $0.key < $1.key }.map { name, counts in
      let fixes =
        counts.trackPoints > 0
        ? counts.trackPoints : counts.routePoints > 0 ? counts.routePoints : counts.waypoints
      return ("tracks/gpx/\(name)", fixes)
    }
    + ExpectedTrackCounts.nmea.sorted { $0.key < $1.key }.map {
      ("tracks/nmea/\($0.key)", $0.value)
    }

  /// Every provider's answers are exact; the cache saves at least `saving` times the requests
  /// (Places API (New) at its cap of 20 saves little until the planner searches beside the
  /// track).
  @Test(arguments: [(provider: "places-new", saving: 1), (provider: "google-legacy", saving: 20)])
  func everyAnswerOnTheHelsinkiWalkIsTheOracles(provider: String, saving: Int) throws {
    let output = try FinderFixtures.run([
      "--track", FinderFixtures.walk.path, "--provider", provider,
    ])
    let oracle = try FinderOracle(dataset: FinderFixtures.helsinkiPlaces)

    #expect(output.deliveredFixes == Array(0..<3900))
    #expect(output.answeredFixes == output.deliveredFixes)
    let mismatches = try oracle.mismatches(in: output)
    #expect(mismatches.isEmpty, "\(mismatches.count) wrong answers: \(mismatches.prefix(5))")
    let summary = try #require(output.summary)
    #expect(summary.fixes == 3900)
    #expect(summary.placesEvents == 3900)
    #expect(summary.errors == 0)
    // The point of the coverage cache: fewer requests than fixes.
    let requests = try #require(summary.requests)
    #expect(requests > 0 && requests * saving <= 3900, "\(requests) requests")
    #expect(summary.cacheAnswers == output.named("places").filter { $0.source == "cache" }.count)
  }

  @Test func coverageAndEveryFixGiveTheSameAnswers() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Every fifth fix of the walk's first 1250: its ground at a fifth of the every-fix cost.
    let track = try FinderFixtures.walkSample(every: 5, count: 250, in: directory)
    let legacy = ["--track", track.path, "--provider", "google-legacy"]
    let coverage = try FinderFixtures.run(legacy)
    let everyFix = try FinderFixtures.run(legacy + ["--query-policy", "every-fix"])
    // The default provider gives the same answers.
    #expect(try FinderFixtures.run(["--track", track.path]).answersByFix == coverage.answersByFix)

    #expect(coverage.answeredFixes == Array(0..<250))
    #expect(coverage.answersByFix == everyFix.answersByFix)
    #expect(everyFix.named("places").allSatisfy { $0.source == "network" })
    #expect(everyFix.summary?.requests == 250)
    #expect((coverage.summary?.requests ?? .max) * 5 < 250)
    let oracle = try FinderOracle(dataset: FinderFixtures.helsinkiPlaces)
    #expect(try oracle.mismatches(in: everyFix).isEmpty)
  }

  @Test(arguments: [
    (type: "cafe", radius: 300.0, limit: 5, fixes: 300),
    (type: "bar", radius: 1000.0, limit: 3, fixes: 300),
    (type: "meal_takeaway", radius: 150.0, limit: 20, fixes: 300),
    // K at the legacy API's cap: every search is three pages, capped.
    (type: "restaurant", radius: 2000.0, limit: 60, fixes: 60),
  ])
  func otherTypesRadiiAndLimitsMatchTheOracle(
    type: String,
    radius: Double,
    limit: Int,
    fixes: Int
  ) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(fixes, in: directory)
    let output = try FinderFixtures.run([
      "--track", track.path, "--type", type, "--radius", "\(radius)", "--limit", "\(limit)",
      // Beyond Places API (New)'s cap of 20, the legacy API's pages.
      "--provider", limit > 20 ? "google-legacy" : "places-new",
    ])
    let oracle = try FinderOracle(
      dataset: FinderFixtures.helsinkiPlaces,
      type: type,
      radius: radius,
      limit: limit
    )

    #expect(output.answeredFixes == Array(0..<fixes))
    let mismatches = try oracle.mismatches(in: output)
    #expect(mismatches.isEmpty, "\(mismatches.count) wrong answers: \(mismatches.prefix(5))")
  }

  @Test(arguments: corpusTracks)
  func everyAnswerOnARealTrackIsTheOracles(track: (path: String, fixes: Int)) throws {
    let file = try #require(TestData.file(track.path))
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let dataset = directory.appendingPathComponent("places.geojson")
    // A track whose every point is hopelessly inaccurate (gpxpy's one-point files, HDOP 16 and
    // 101) delivers none: its places gather around its points as read.
    let delivered = try FinderFixtures.deliveredPositions(of: file)
    try GeneratedPlaces.write(
      around: delivered.isEmpty ? try Self.points(of: file) : delivered,
      seed: UInt64(track.fixes) &* 7919 &+ UInt64(track.path.utf8.count),
      to: dataset
    )

    let output = try FinderFixtures.run(["--track", file.path, "--dataset", dataset.path])
    let oracle = try FinderOracle(dataset: dataset)

    #expect(output.summary?.fixes == track.fixes)
    #expect(output.deliveredFixes.count == output.summary?.fixesUsed)
    #expect(output.answeredFixes == output.deliveredFixes)
    let mismatches = try oracle.mismatches(in: output)
    #expect(mismatches.isEmpty, "\(mismatches.count) wrong answers: \(mismatches.prefix(5))")
    if delivered.isEmpty {
      #expect(output.named("dropped").allSatisfy { $0.reason == "low_accuracy" })
      #expect(output.summary?.fixesDropped == track.fixes)
    } else {
      #expect(output.named("places").contains { !($0.places ?? []).isEmpty })
    }
  }

  /// A track's points as the reader reads them.
  static func points(of file: URL) throws -> [(latitude: Double, longitude: Double)] {
    let reader = try TrackReader.open(url: file)
    var points: [(latitude: Double, longitude: Double)] = []
    while let event = try reader.next() {
      if case .fix(let fix) = event { points.append((fix.latitude, fix.longitude)) }
    }
    return points
  }

  @Test
  func coverageAndEveryFixAgreeOnARealTrack() throws {
    let file = try #require(TestData.file("tracks/gpx/cerknicko-jezero.gpx"))
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let dataset = directory.appendingPathComponent("places.geojson")
    try GeneratedPlaces.write(
      around: try FinderFixtures.deliveredPositions(of: file),
      seed: 42,
      to: dataset
    )
    let base = ["--track", file.path, "--dataset", dataset.path, "--radius", "300"]

    let coverage = try FinderFixtures.run(base)
    let everyFix = try FinderFixtures.run(base + ["--query-policy", "every-fix"])

    #expect(coverage.answersByFix == everyFix.answersByFix)
    #expect(coverage.answeredFixes.count == 296)
    let oracle = try FinderOracle(dataset: dataset, radius: 300)
    #expect(try oracle.mismatches(in: coverage).isEmpty)
  }
}
