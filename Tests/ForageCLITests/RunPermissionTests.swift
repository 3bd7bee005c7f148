import ForageGeodesy
import ForageTestSupport
import Foundation
import Testing

/// `forage run` under permission scenarios: no location, no places while not authorised; a
/// revoke stops them mid-track and a grant resumes them; reduced accuracy is coarse and rare.
@Suite struct RunPermissionTests {
  @Test(arguments: [
    (scenario: "denied", statuses: ["denied"]),
    (scenario: "restricted", statuses: ["restricted"]),
    (scenario: "prompt-deny", statuses: ["not_determined", "denied"]),
  ])
  func withoutPermissionNothingIsLocatedOrSearched(scenario: String, statuses: [String]) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(120, in: directory)

    let output = try FinderFixtures.run(["--track", track.path, "--permission", scenario])

    #expect(output.named("permission").compactMap(\.status) == statuses)
    #expect(output.named("location").isEmpty)
    #expect(output.named("places").isEmpty)
    let dropped = output.named("dropped")
    #expect(dropped.compactMap(\.fixIndex) == Array(0..<120))
    #expect(dropped.allSatisfy { $0.reason == "not_authorized" })
    let summary = try #require(output.summary)
    #expect(summary.fixes == 120)
    #expect(summary.fixesUsed == 0)
    #expect(summary.fixesDropped == 120)
    #expect(summary.requests == 0)
  }

  @Test func promptGrantAsksThenLocates() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(60, in: directory)

    let output = try FinderFixtures.run(["--track", track.path, "--permission", "prompt-grant"])

    #expect(
      output.named("permission").compactMap(\.status) == [
        "not_determined", "authorized_when_in_use",
      ]
    )
    #expect(output.deliveredFixes == Array(0..<60))
    #expect(output.answeredFixes == Array(0..<60))
  }

  @Test func aRevokeStopsLocationAndPlacesAndAGrantResumesThem() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(300, in: directory)

    let output = try FinderFixtures.run([
      "--track", track.path, "--permission", "granted,revoke@fix:100,grant@fix:200",
    ])

    let expected = Array(0..<100) + Array(200..<300)
    #expect(output.deliveredFixes == expected)
    #expect(output.answeredFixes == expected)
    #expect(output.named("dropped").compactMap(\.fixIndex) == Array(100..<200))
    #expect(
      output.named("permission").compactMap(\.status)
        == ["authorized_when_in_use", "denied", "authorized_when_in_use"]
    )
    // Every event between the revoke and the re-grant is a drop.
    let events = output.events
    let revoked = try #require(events.firstIndex { $0.status == "denied" })
    let granted = try #require(events.lastIndex { $0.event == "permission" })
    #expect(events[(revoked + 1)..<granted].allSatisfy { $0.event == "dropped" })
    let oracle = try FinderOracle(dataset: FinderFixtures.helsinkiPlaces)
    #expect(try oracle.mismatches(in: output).isEmpty)
    #expect(output.summary?.fixesUsed == 200)
  }

  @Test func reducedAccuracyIsCoarseRareAndStillAnswered() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(1900, in: directory)
    let truePositions = try Self.trackPoints(of: track)

    let output = try FinderFixtures.run(["--track", track.path, "--permission", "reduced"])

    #expect(output.named("permission").map(\.permissionAccuracy) == ["reduced"])
    let locations = output.named("location")
    // Rare: far fewer deliveries than fixes, at least 15 minutes (900 fixes at 1 Hz) apart.
    #expect(!locations.isEmpty && locations.count <= 3)
    let indices = locations.compactMap(\.fixIndex)
    #expect(zip(indices, indices.dropFirst()).allSatisfy { $1 - $0 >= 900 })
    for location in locations {
      let index = try #require(location.fixIndex)
      let accuracy = try #require(location.accuracy)
      let truth = truePositions[index]
      let distance = Geodesic.distance(
        try Coordinate(latitude: try #require(location.lat), longitude: try #require(location.lon)),
        try Coordinate(latitude: truth.latitude, longitude: truth.longitude)
      )
      // Coarse: kilometres of uncertainty, and the true position is within what it claims.
      #expect(accuracy >= 1000)
      #expect(distance > 100 && distance <= accuracy, "fix \(index): \(distance) m off")
    }
    #expect(output.answeredFixes == indices)
    let oracle = try FinderOracle(dataset: FinderFixtures.helsinkiPlaces)
    #expect(try oracle.mismatches(in: output).isEmpty)
    #expect(
      output.named("dropped").allSatisfy { $0.reason == "reduced_accuracy_rate" },
      "\(Set(output.named("dropped").compactMap(\.reason)))"
    )
  }

  /// The track points of a GPX file written one `<trkpt>` a line, read with a plain scan.
  static func trackPoints(of url: URL) throws -> [(latitude: Double, longitude: Double)] {
    try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line in
      guard line.contains("<trkpt") else { return nil }
      func attribute(_ name: String) throws -> Double {
        guard let start = line.range(of: " \(name)=\"") else {
          throw FixtureError("no \(name) in \(line)")
        }
        let value = line[start.upperBound...].prefix { $0 != "\"" }
        guard let number = Double(value) else { throw FixtureError("bad \(name) in \(line)") }
        return number
      }
      return (try attribute("lat"), try attribute("lon"))
    }
  }
}
