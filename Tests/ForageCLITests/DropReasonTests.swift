import ForageTestSupport
import Foundation
import Testing

/// Every drop reason the manual documents for `dropped` events (docs/output.md) can happen in a `forage run`: one
/// run per reason, made of the fewest fixes that show it.
@Suite struct DropReasonTests {
  /// A run that drops a fix for one reason: GPX track points (or gpsd reports) and options.
  struct Case: Sendable, CustomTestStringConvertible {
    var reason: String
    /// GPX track points, or `nil` for a live run on ``gpsd``.
    var points: [String]?
    var gpsd: [String] = []
    var arguments: [String] = []

    var testDescription: String { reason }
  }

  /// A track point `second` seconds after 2026-01-01T00:00:00Z, `north` metres north of a
  /// Helsinki corner, with more inside the element.
  static func point(_ second: Int, north: Double = 0, _ inside: String = "") -> String {
    let latitude = 60.17 + north / 111_320
    let time = String(format: "2026-01-01T00:00:%02dZ", second)
    return #"<trkpt lat="\#(latitude)" lon="24.94"><time>\#(time)</time>\#(inside)</trkpt>"#
  }

  static let cases: [Case] = [
    Case(
      reason: "not_authorized",
      points: [point(1), point(2, north: 10)],
      arguments: ["--permission", "denied"]
    ),
    Case(reason: "invalid", points: [point(1), point(2, north: 10, "<fix>none</fix>")]),
    Case(reason: "low_accuracy", points: [point(1), point(2, north: 10, "<hdop>30</hdop>")]),
    Case(
      reason: "stale",
      gpsd: [
        GPSDAgreementTests.tpv(2),
        GPSDAgreementTests.tpv(1),
      ]
    ),
    // 1 km in a second: far faster than the filter's 100 m/s.
    Case(reason: "implausible_jump", points: [point(1), point(2, north: 1_000)]),
    Case(
      reason: "distance_filter",
      points: [point(1), point(2, north: 1)],
      arguments: ["--distance-filter", "50"]
    ),
    Case(
      reason: "reduced_accuracy_rate",
      points: [point(1), point(2, north: 10)],
      arguments: ["--permission", "reduced"]
    ),
  ]

  @Test func everyDocumentedReasonHasACase() throws {
    let page = try String(
      contentsOf: TestData.packageRoot.appendingPathComponent("docs/output.md"),
      encoding: .utf8
    )
    let row = try #require(page.split(separator: "\n").first { $0.hasPrefix("| `dropped` |") })
    // The reasons are the backquoted words in the row's parentheses.
    let list = try #require(
      row.split(separator: "(").dropFirst().first?.split(separator: ")").first
    )
    let documented = list.split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(
        in: CharacterSet(charactersIn: "`")
      )
    }
    #expect(documented.count >= 7, "\(documented)")
    #expect(Set(documented) == Set(Self.cases.map(\.reason)))
  }

  @Test(arguments: cases)
  func theReasonHappens(_ drop: Case) throws {
    let output: RunOutput
    if let points = drop.points {
      let directory = try FinderFixtures.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let url = directory.appendingPathComponent("\(drop.reason).gpx")
      let text =
        #"<?xml version="1.0"?><gpx version="1.1" creator="test"><trk><trkseg>"#
        + points.joined(separator: "\n") + "</trkseg></trk></gpx>\n"
      try Data(text.utf8).write(to: url)
      output = try FinderFixtures.run(["--track", url.path] + drop.arguments)
    } else {
      output = try GPSDAgreementTests.live(drop.gpsd, drop.arguments)
    }
    let reasons = output.named("dropped").compactMap(\.reason)
    #expect(reasons.contains(drop.reason), "dropped: \(reasons)")
    #expect(output.summary?.fixesDropped == reasons.count)
  }
}
