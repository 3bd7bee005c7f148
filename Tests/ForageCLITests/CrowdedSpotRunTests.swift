import ForageTestSupport
import Foundation
import Testing

/// The bundled dataset with a food court added beside the walk: more restaurants at one point
/// than Places API (New) returns a search. Beyond the cap, a fix whose K nearest need the food
/// court has no exact answer and says so (an error event of kind `not_exact`, the summary's
/// `fixes_not_exact`, one line and exit 69); every other fix is answered as the oracle answers.
@Suite struct CrowdedSpotRunTests {
  /// The bundled dataset and `size` restaurants at 60.1720, 24.9445 (about 150 m from the
  /// walk's first fixes), written to `directory`.
  static func dataset(crowd size: Int, in directory: URL) throws -> URL {
    let bundled = try JSONSerialization.jsonObject(
      with: Data(contentsOf: FinderFixtures.helsinkiPlaces)
    )
    guard var collection = bundled as? [String: Any],
      var features = collection["features"] as? [[String: Any]]
    else {
      throw CocoaError(.fileReadCorruptFile)
    }
    for index in 0..<size {
      features.append([
        "type": "Feature",
        "geometry": ["type": "Point", "coordinates": [24.9445, 60.1720]],
        "properties": [
          "place_id": String(format: "food-court-%02d", index),
          "name": "Food court stall \(index)",
          "amenity": "restaurant",
        ],
      ])
    }
    collection["features"] = features
    let url = directory.appendingPathComponent("food-court-\(size).geojson")
    try JSONSerialization.data(withJSONObject: collection, options: [.sortedKeys]).write(to: url)
    return url
  }

  @Test(arguments: [(crowd: 25, limit: 21), (crowd: 25, limit: 40), (crowd: 20, limit: 60)])
  func fixesThatNeedTheCrowdAreRefusedAndTheRestAreExact(crowd: Int, limit: Int) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(200, in: directory)
    let dataset = try Self.dataset(crowd: crowd, in: directory)
    let result = try FinderFixtures.forage([
      "run", "--track", track.path, "--dataset", dataset.path, "--limit", "\(limit)",
    ])
    #expect(result.status == 69, "\(result.stderr)")
    let output = try RunOutput(ndjson: result.stdout)
    let refused = output.named("error").filter { $0.kind == "not_exact" }
    #expect(!refused.isEmpty)
    #expect(refused.allSatisfy { $0.retrying == false })
    #expect(
      refused.allSatisfy { ($0.message ?? "").contains("--limit 20 or less answers it") },
      "\(refused.first?.message ?? "")"
    )
    // The spot named is where the food court is, not where a search near it was made.
    #expect(
      refused.allSatisfy { ($0.message ?? "").contains("within about 1 m of 60.172,24.9445") },
      "\(Set(refused.compactMap(\.message).filter { !$0.contains("60.172,24.9445") }))"
    )
    #expect(Set(output.failedFixes).count == refused.count)
    #expect(
      Set(output.answeredFixes).union(output.failedFixes) == Set(output.deliveredFixes),
      "every delivered fix is answered or refused"
    )
    let lastLine = try #require(result.stdout.split(separator: "\n").last)
    let summary = try #require(
      try JSONSerialization.jsonObject(with: Data(lastLine.utf8)) as? [String: Any]
    )
    #expect(summary["fixes_not_exact"] as? Int == refused.count)
    #expect(summary["fixes_unanswered"] as? Int == refused.count)
    #expect(
      result.stderr.contains(
        "\(refused.count) of 200 delivered fixes have no answer: more places lie at one spot"
      ),
      "\(result.stderr)"
    )
    // With --output, the events are not shown, and the line says the file was left as it was
    // (it said to see the error events, which were nowhere).
    let file = directory.appendingPathComponent("run.ndjson")
    let held = try FinderFixtures.forage([
      "run", "--track", track.path, "--dataset", dataset.path, "--limit", "\(limit)", "--output",
      file.path,
    ])
    #expect(held.status == 69)
    #expect(!FileManager.default.fileExists(atPath: file.path))
    #expect(held.stderr.contains("a run that fails leaves --output as it was"), "\(held.stderr)")
    // A refusal spends no search once the disk short of the crowd is known.
    #expect((output.summary?.requests ?? .max) < 200)
    let oracle = try FinderOracle(dataset: dataset, limit: limit)
    let mismatches = try oracle.mismatches(in: output)
    #expect(mismatches.isEmpty, "\(mismatches.count) wrong answers: \(mismatches.prefix(3))")
  }

  /// At the cap, every fix is the provider's own nearest places: exact (ties at the crowd
  /// broken by id, as the mock breaks them), with no refusal.
  @Test func atTheCapEveryFixIsAnswered() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(200, in: directory)
    let dataset = try Self.dataset(crowd: 25, in: directory)
    let output = try FinderFixtures.run(["--track", track.path, "--dataset", dataset.path])
    #expect(output.answeredFixes == output.deliveredFixes)
    let mismatches = try FinderOracle(dataset: dataset).mismatches(in: output)
    #expect(mismatches.isEmpty, "\(mismatches.count) wrong answers: \(mismatches.prefix(3))")
  }
}

/// With `--open`, the advice of a fix refused next to a crowd names what answers it, and
/// following it works (it said `--limit 20 or less answers it`, which `--open` still refused).
@Suite struct CrowdedSpotOpenAdviceTests {
  /// The bundled dataset (no weekly hours: never open to Places API (New)) and 25 stalls at one
  /// point, open all week, written to `directory`.
  static func dataset(in directory: URL) throws -> URL {
    let url = try CrowdedSpotRunTests.dataset(crowd: 25, in: directory)
    let bundled = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    guard var collection = bundled as? [String: Any],
      var features = collection["features"] as? [[String: Any]]
    else {
      throw CocoaError(.fileReadCorruptFile)
    }
    let periods = (0..<7).map { day in
      [
        "open": ["day": day, "hour": 0, "minute": 0],
        "close": ["day": day, "hour": 23, "minute": 59],
      ]
    }
    for index in features.indices {
      guard var properties = features[index]["properties"] as? [String: Any],
        (properties["place_id"] as? String)?.hasPrefix("food-court-") == true
      else { continue }
      properties["regularOpeningHours"] = ["periods": periods]
      properties["utcOffsetMinutes"] = 120
      features[index]["properties"] = properties
    }
    collection["features"] = features
    try JSONSerialization.data(withJSONObject: collection, options: [.sortedKeys]).write(to: url)
    return url
  }

  @Test func theAdviceOfARefusalWithOpenWorksWhenFollowed() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(20, in: directory)
    let dataset = try Self.dataset(in: directory)
    let base = ["run", "--track", track.path, "--dataset", dataset.path]
    let refused = try FinderFixtures.forage(base + ["--limit", "21", "--open"])
    #expect(refused.status == 69, "\(refused.stderr)")
    let output = try RunOutput(ndjson: refused.stdout)
    let messages = output.named("error").filter { $0.kind == "not_exact" }.map { $0.message ?? "" }
    #expect(!messages.isEmpty)
    #expect(
      messages.allSatisfy { $0.contains("--limit 20 or less without --open answers it") },
      "\(messages.first ?? "")"
    )
    let followed = try FinderFixtures.forage(base + ["--limit", "20"])
    #expect(followed.status == 0, "\(followed.stderr)")
  }
}
