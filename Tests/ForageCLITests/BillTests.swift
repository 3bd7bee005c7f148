import ForageTestSupport
import Foundation
import Testing

/// The run's bill: the summary counts requests by the SKU each is billed as, in every output
/// format that carries the summary, and `--fields pro` asks only Pro fields, leaving places
/// and distances as they were.
@Suite struct BillTests {
  /// A provider's options and the SKU its requests are billed as.
  static let bills: [(options: [String], sku: String, name: String)] = [
    ([], "nearby_search_enterprise", "Nearby Search Enterprise"),
    (["--fields", "pro"], "nearby_search_pro", "Nearby Search Pro"),
    (
      ["--provider", "places-new", "--fields", "all"], "nearby_search_enterprise",
      "Nearby Search Enterprise"
    ),
    (["--provider", "google-legacy"], "nearby_search_legacy", "Nearby Search (Legacy)"),
    (["--provider", "overpass"], "free", "free"),
  ]

  /// The summary's members, from NDJSON.
  static func summary(_ ndjson: String) throws -> [String: Any] {
    let last = try #require(ndjson.split(separator: "\n").last)
    return try #require(
      try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
    )
  }

  @Test(arguments: bills)
  func theSummaryCountsEveryRequestUnderItsSKU(
    options: [String],
    sku: String,
    name: String
  ) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 20, count: 40, in: directory)
    let run = try FinderFixtures.forage(["run", "--track", track.path] + options)
    #expect(run.status == 0, "\(run.stderr)")
    let summary = try Self.summary(run.stdout)
    let requests = try #require(summary["requests"] as? Int)
    #expect(requests > 0)
    #expect(summary["requests_by_sku"] as? [String: Int] == [sku: requests], "\(summary)")

    let table = try FinderFixtures.forage(
      ["run", "--track", track.path, "--format", "table"] + options
    )
    #expect(table.stdout.contains("requests \(requests) (\(name) \(requests))"), "\(table.stdout)")
    for format in ["json", "geojson", "html"] {
      let other = try FinderFixtures.forage(
        ["run", "--track", track.path, "--format", format] + options
      )
      #expect(other.status == 0, "\(format): \(other.stderr)")
      let bill = format == "html" ? "requests (\(name) \(requests))" : #""requests_by_sku":{"#
      #expect(other.stdout.contains(bill), "\(format): \(other.stdout.suffix(600))")
    }
  }

  /// A replay writes the recorded bill again; a replay cut short, whose requests are a lower
  /// bound, has none.
  @Test func aReplayKeepsTheBill() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 20, count: 40, in: directory)
    let recording = directory.appendingPathComponent("run.actions")
    let run = try FinderFixtures.forage([
      "run", "--track", track.path, "--fields", "pro", "--record", recording.path,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let replay = try FinderFixtures.forage(["replay", recording.path])
    #expect(replay.status == 0, "\(replay.stderr)")
    let recorded = try Self.summary(run.stdout)
    let replayed = try Self.summary(replay.stdout)
    #expect(replayed["requests_by_sku"] as? [String: Int] != nil)
    #expect(
      replayed["requests_by_sku"] as? [String: Int] == recorded["requests_by_sku"] as? [String: Int]
    )
    let cut = try FinderFixtures.forage(["replay", recording.path, "--until", "20"])
    #expect(cut.status == 0, "\(cut.stderr)")
    #expect(try Self.summary(cut.stdout)["requests_by_sku"] == nil, "\(cut.stdout.suffix(400))")
  }

  /// `--fields pro` changes what each request costs, never which places are where: the same
  /// run with and without it gives the same places at the same distances in every answer,
  /// without ratings, price levels, `open_now` or hours.
  @Test func proFieldsLeavePlacesAndDistancesUnchanged() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 10, count: 150, in: directory)
    let all = try FinderFixtures.forage(["run", "--track", track.path])
    let pro = try FinderFixtures.forage(["run", "--track", track.path, "--fields", "pro"])
    #expect(all.status == 0 && pro.status == 0, "\(all.stderr) \(pro.stderr)")

    let dropped: Set<String> = ["rating", "user_ratings_total", "price_level", "open_now"]
    func answers(_ ndjson: String) throws -> [[[String: String]]] {
      try ndjson.split(separator: "\n").compactMap { line in
        let event = try #require(
          try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        )
        guard event["event"] as? String == "places" else { return nil }
        let places = try #require(event["places"] as? [[String: Any]])
        return places.map { place in
          place.filter { !dropped.contains($0.key) && $0.key != "open_at_fix" }
            .mapValues { "\($0)" }
        }
      }
    }
    let withAll = try answers(all.stdout)
    let withPro = try answers(pro.stdout)
    #expect(withAll.count == 150)
    #expect(withPro == withAll)
    // The bundled places have no ratings, and the mock serves their OpenStreetMap hours to
    // Places API (New) as none: ClientAgainstMockTests checks the fields dropped on rated
    // places with hours. Here: nothing with Pro fields tells whether a place is open.
    #expect(!pro.stdout.contains(#""open_at_fix":true"#))
    #expect(!pro.stdout.contains(#""open_at_fix":false"#))
    for member in dropped {
      #expect(!pro.stdout.contains(#""\#(member)":"#) || pro.stdout.contains(#""\#(member)":null"#))
    }
    // Fewer fields, the same requests: only their price changes.
    #expect(
      (try Self.summary(all.stdout))["requests"] as? Int
        == (try Self.summary(pro.stdout))["requests"] as? Int
    )
  }

  /// `--fields pro` is refused, in one line and before any run, where it cannot save anything
  /// (an API that does not bill by field) and where the run reads the hours it leaves out.
  @Test(arguments: [
    (["--provider", "google-legacy"], "--fields pro is for --provider places-new"),
    (["--provider", "overpass"], "--fields pro is for --provider places-new"),
    (["--open"], "--fields pro leaves out opening hours, which --open needs"),
    (["--timezone", "Europe/Helsinki"], "which --timezone needs"),
    (["--public-holidays", "/nonexistent"], "which --public-holidays needs"),
    (["--provider", "places-new", "--open", "--timezone", "UTC"], "which --open needs"),
  ])
  func proFieldsAreRefusedWhereTheyCannotHelp(_ options: [String], _ message: String) throws {
    let result = try FinderFixtures.forage(
      ["run", "--track", FinderFixtures.walk.path, "--fields", "pro"] + options
    )
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  /// A request that never reached a server (nothing listens at the port) is not on the bill:
  /// the summary said 6 requests of Nearby Search Enterprise for a run that reached nothing.
  @Test func requestsThatFoundNoServerAreNotBilled() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 100, count: 2, in: directory)
    let refusing = try RefusingPort()
    defer { refusing.close() }
    let port = refusing.port
    let run = try FinderFixtures.forage(
      ["run", "--track", track.path, "--api-base", "http://127.0.0.1:\(port)"],
      environment: ["PLACES_API_KEY": "mock-key-0123456789"]
    )
    #expect(run.status == 69, "\(run.stderr)")
    let summary = try Self.summary(run.stdout)
    #expect(summary["requests"] as? Int == 0, "\(summary)")
    #expect((summary["errors"] as? Int ?? 0) > 0)
  }
}
