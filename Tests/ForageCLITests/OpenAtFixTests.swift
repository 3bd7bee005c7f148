import ForageTestSupport
import Foundation
import Testing

/// `open_at_fix`, `--open` and `--timezone` end to end: every answered place carries whether it
/// is open at the fix's time, agreeing with an independent evaluator of the dataset's hours;
/// `--open` answers equal `nearby --open` at the same time; hostile values are refused.
@Suite struct OpenAtFixTests {
  /// The walk with every 40th point: about 100 fixes over an hour.
  static func track() throws -> URL {
    try FinderFixtures.walkSample(every: 40, count: 100, in: FinderFixtures.temporaryDirectory())
  }

  /// The `places` events' places as JSON objects, with their fix's time.
  static func answers(_ ndjson: String) throws -> [(time: String, places: [[String: Any]])] {
    try ndjson.split(separator: "\n").compactMap { line in
      let event = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      )
      guard event["event"] as? String == "places" else { return nil }
      return (event["time"] as? String ?? "", event["places"] as? [[String: Any]] ?? [])
    }
  }

  /// The bundled dataset's `opening_hours` by place id.
  static func datasetHours() throws -> [String: String] {
    let data = try Data(contentsOf: FinderFixtures.helsinkiPlaces)
    let collection = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var hours: [String: String] = [:]
    for feature in collection["features"] as? [[String: Any]] ?? [] {
      let properties = feature["properties"] as? [String: Any] ?? [:]
      if let id = properties["id"] as? String, let text = properties["opening_hours"] as? String {
        hours[id] = text
      }
    }
    return hours
  }

  /// opening-hours-py's state of each (hours, UTC time) read in Europe/Helsinki: `open`,
  /// `closed`, `unknown` or `error`.
  static func oracle(_ cases: [(hours: String, time: String)]) throws -> [String] {
    let folder = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("cases.json")
    try JSONSerialization.data(withJSONObject: cases.map { [$0.hours, $0.time] }).write(to: input)
    let script = """
      import json, sys
      from datetime import datetime
      from zoneinfo import ZoneInfo
      import opening_hours
      out = []
      for hours, time in json.load(open(sys.argv[1])):
          local = datetime.fromisoformat(time.replace('Z', '+00:00')).astimezone(
              ZoneInfo('Europe/Helsinki')).replace(tzinfo=None)
          try:
              out.append(str(opening_hours.OpeningHours(hours).state(local)[0]).split('.')[-1].lower())
          except Exception:
              out.append('error')
      print(json.dumps(out))
      """
    let result = try BuiltBinary.run(
      executable: URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", "-c", script, input.path]
    )
    try #require(
      result.status == 0,
      "opening-hours-py is needed (make test-deps installs it): \(result.stderr)"
    )
    return try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String]
    )
  }

  @Test func everyAnsweredPlaceIsOpenAsTheIndependentEvaluatorSays() throws {
    let track = try Self.track()
    let result = try FinderFixtures.forage([
      "run", "--track", track.path, "--provider", "overpass", "--timezone", "Europe/Helsinki",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let hours = try Self.datasetHours()
    var cases: [(hours: String, time: String)] = []
    var ours: [Bool?] = []
    for answer in try Self.answers(result.stdout) {
      for place in answer.places {
        #expect(place.keys.contains("open_at_fix"), "\(place)")
        let id = place["id"] as? String ?? ""
        let value = place["open_at_fix"] as? Bool
        guard let text = hours[id] else {
          #expect(value == nil, "\(id) has no hours but open_at_fix \(String(describing: value))")
          continue
        }
        cases.append((text, answer.time))
        ours.append(value)
      }
    }
    #expect(cases.count > 500)
    let theirs = try Self.oracle(cases)
    var decided = 0
    for (index, state) in theirs.enumerated() {
      guard let value = ours[index] else { continue }
      decided += 1
      #expect(
        state == (value ? "open" : "closed"),
        "\(cases[index].hours) at \(cases[index].time): ours \(value), theirs \(state)"
      )
    }
    // Most of the hours the oracle decides, ours decides too.
    let theirsDecided = theirs.count { $0 == "open" || $0 == "closed" }
    #expect(decided * 100 >= theirsDecided * 90, "\(decided) of \(theirsDecided)")
  }

  /// The bundled places whose OpenStreetMap `amenity` is `restaurant`: what Overpass finds for
  /// `--type restaurant` (nearby's `--type restaurant` also takes fast food, which OSM types map
  /// to Google's `restaurant`).
  static func restaurants(in folder: URL) throws -> URL {
    let data = try Data(contentsOf: FinderFixtures.helsinkiPlaces)
    var collection = try #require(
      try JSONSerialization.jsonObject(with: data) as? [String: Any]
    )
    let features = collection["features"] as? [[String: Any]] ?? []
    collection["features"] = features.filter {
      ($0["properties"] as? [String: Any])?["amenity"] as? String == "restaurant"
    }
    let url = folder.appendingPathComponent("restaurants.geojson")
    try JSONSerialization.data(withJSONObject: collection).write(to: url)
    return url
  }

  @Test func withOpenEveryAnswerIsNearbysOpenPlacesAtTheFixsTime() throws {
    let track = try Self.track()
    let restaurants = try Self.restaurants(in: track.deletingLastPathComponent())
    let result = try FinderFixtures.forage([
      "run", "--track", track.path, "--provider", "overpass", "--timezone", "Europe/Helsinki",
      "--open", "--limit", "5", "--radius", "300",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let output = try RunOutput(ndjson: result.stdout)
    let answers = try Self.answers(result.stdout)
    let events = output.named("places")
    #expect(answers.count == events.count && !answers.isEmpty)
    for (answer, event) in zip(answers, events).enumerated().filter({ $0.offset % 10 == 0 })
      .map(\.element)
    {
      #expect(answer.places.allSatisfy { $0["open_at_fix"] as? Bool == true })
      let at = try #require(event.at)
      let nearby = try FinderFixtures.forage([
        "nearby", "--places", restaurants.path, "--at", "\(at.lat),\(at.lon)",
        "--radius", "300", "--limit", "5", "--time", answer.time,
        "--timezone", "Europe/Helsinki", "--open",
      ])
      #expect(nearby.status == 0, "\(nearby.stderr)")
      let ids = nearby.stdout.split(separator: "\n").compactMap { line in
        (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"]
          as? String
      }
      #expect(answer.places.map { $0["id"] as? String ?? "" } == ids, "at \(answer.time)")
    }
  }

  @Test func withoutAZoneOpenStreetMapHoursAreNullAndTheWarningNamesTimezone() throws {
    let track = try Self.track()
    let result = try FinderFixtures.forage([
      "run", "--track", track.path, "--provider", "overpass",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let warnings = result.stderr.split(separator: "\n").filter { $0.contains("open_at_fix") }
    #expect(warnings.count == 1, "\(result.stderr)")
    #expect(warnings.first?.contains("--timezone") == true)
    // Only hours the same at every time (24/7) are told.
    let hours = try Self.datasetHours()
    for answer in try Self.answers(result.stdout) {
      for place in answer.places where place["open_at_fix"] as? Bool != nil {
        #expect(hours[place["id"] as? String ?? ""]?.contains("24/7") == true, "\(place)")
      }
    }
  }

  @Test func googlesLegacyAPIGivesNoHoursAndSaysNothingOfIt() throws {
    let track = try Self.track()
    let result = try FinderFixtures.forage([
      "run", "--track", track.path, "--provider", "google-legacy",
    ])
    #expect(result.status == 0)
    #expect(!result.stderr.contains("open_at_fix"), "\(result.stderr)")
    for answer in try Self.answers(result.stdout) {
      #expect(
        answer.places.allSatisfy { $0.keys.contains("open_at_fix") && $0["open_at_fix"] is NSNull }
      )
    }
  }

  /// Every command that takes them, against every hostile value: one line, exit 64, nothing on
  /// standard output.
  @Test func hostileZonesTimesAndOpenAreUsageErrors() throws {
    let track = FinderFixtures.walk.path
    let places = FinderFixtures.helsinkiPlaces.path
    let zones = [
      "", " ", "Europe/Helsinki ", "europe/helsinki", "../../../../etc/passwd",
      "/usr/share/zoneinfo/UTC", "GMT+2", "+02:00", "Europe/Helsinki\n", "Mars/Olympus",
      String(repeating: "A", count: 10_000), "Europe/Hélsinki", "\u{1B}[2J",
    ]
    let commands: [[String]] = [
      ["run", "--track", track], ["demo"], ["watch", "--track", track],
      ["nearby", "--places", places, "--at", "60.17,24.94", "--radius", "100"],
    ]
    for command in commands {
      for zone in zones {
        let result = try FinderFixtures.forage(command + ["--timezone", zone])
        #expect(result.status == 64, "\(command) --timezone \(zone.debugDescription)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"))
      }
    }
    let nearby = ["nearby", "--places", places, "--at", "60.17,24.94", "--radius", "100"]
    for time in [
      "", "now", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z", "2026-06-12T25:00:00Z",
      "2026-06-12", "99999999-01-01T00:00:00Z", "2026-06-12T12:00:00+25:00", "\u{1B}]0;x\u{07}",
      // No zone: read as UTC, it would be hours off for a user who meant local time.
      "2026-06-12T21:40:00", "2026-06-12 21:40:00",
    ] {
      let result = try FinderFixtures.forage(nearby + ["--time", time])
      #expect(result.status == 64, "--time \(time.debugDescription): \(result.stderr)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
      #expect(!result.stderr.contains("\u{1B}"))
    }
    let legacy = try FinderFixtures.forage([
      "run", "--track", track, "--provider", "google-legacy", "--open",
    ])
    #expect(legacy.status == 64)
    #expect(legacy.stderr.contains("--provider places-new or overpass"), "\(legacy.stderr)")
    let open = try FinderFixtures.forage(nearby + ["--open"])
    #expect(open.status == 64)
    #expect(open.stderr.contains("--open needs --time"), "\(open.stderr)")
    // OpenStreetMap hours are local: --open with Overpass and no zone would answer nothing.
    let overpass = try FinderFixtures.forage([
      "run", "--track", track, "--provider", "overpass", "--open",
    ])
    #expect(overpass.status == 64)
    #expect(overpass.stderr.contains("needs --timezone"), "\(overpass.stderr)")
    for option in [["--timezone", "Europe/Helsinki"], ["--public-holidays", track]] {
      let ignored = try FinderFixtures.forage(nearby + option)
      #expect(ignored.status == 64)
      #expect(ignored.stderr.contains("needs --time"), "\(ignored.stderr)")
    }
    for base in ["http://127.0.0.1:", "http://127.0.0.1:/v1", "http://[::1]:"] {
      let empty = try FinderFixtures.forage(["run", "--track", track, "--api-base", base])
      #expect(empty.status == 64, "\(base): \(empty.stderr)")
      #expect(empty.stderr.contains("empty port"), "\(empty.stderr)")
    }
  }

  @Test func aHolidayCalendarThatCannotBeUsedIsOneLineAnd74Or65() throws {
    let folder = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = folder.appendingPathComponent("bad.txt")
    try Data("2026-12-24\nChristmas\n".utf8).write(to: bad)
    let track = try FinderFixtures.walkPrefix(3, in: folder)
    let commands = [
      ["run", "--track", track.path, "--provider", "overpass"],
      [
        "nearby", "--places", FinderFixtures.helsinkiPlaces.path, "--at", "60.17,24.94",
        "--radius", "100", "--time", "2026-06-12T21:40:00Z",
      ],
    ]
    for command in commands {
      for (file, status, text) in [
        (bad.path, Int32(65), "bad.txt:2: expected a date"),
        (folder.appendingPathComponent("none.txt").path, 74, "No such file"),
        (folder.path, 74, "directory"),
      ] {
        let result = try FinderFixtures.forage(command + ["--public-holidays", file])
        #expect(result.status == status, "\(command) \(file): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        let errors = result.stderr.split(separator: "\n").filter { !$0.contains("warning") }
        #expect(errors.count == 1 && errors[0].contains(text), "\(result.stderr)")
      }
    }
    // A calendar decides a PH rule at the walk's time, Friday 2026-06-12 14:30 in Helsinki.
    let places = folder.appendingPathComponent("ph.geojson")
    try Data(
      (#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","#
        + #""coordinates":[24.9433,60.1711]},"properties":{"id":"ph","name":"PH","#
        + #""amenity":"restaurant","opening_hours":"Mo-Fr 10:00-18:00; PH off"}}]}"#).utf8
    ).write(to: places)
    for (days, expected) in [(nil, Bool?.none), ("2026-12-25\n", true), ("2026-06-12\n", false)] {
      var arguments = [
        "run", "--track", track.path, "--provider", "overpass", "--dataset", places.path,
        "--timezone", "Europe/Helsinki", "--log-level", "info",
      ]
      if let days {
        let calendar = folder.appendingPathComponent("days.txt")
        try Data(days.utf8).write(to: calendar)
        arguments += ["--public-holidays", calendar.path]
      }
      let result = try FinderFixtures.forage(arguments)
      #expect(result.status == 0, "\(result.stderr)")
      let values = try Self.answers(result.stdout).flatMap(\.places).map { $0["open_at_fix"] }
      #expect(!values.isEmpty)
      #expect(values.allSatisfy { ($0 as? Bool) == expected }, "\(String(describing: days))")
      // Undecided hours are no warning (they cannot be told from an unknown rule yet), but the
      // log at info counts them.
      #expect(result.stderr.contains("public holiday") == (expected == nil), "\(result.stderr)")
      #expect(!result.stderr.contains("warning:"), "\(result.stderr)")
    }
  }

  /// With --open, nearby judges (and counts) only the places within the radius, and says how
  /// many it left out; without it, places the data gives no hours for are no warning.
  @Test func nearbyOpenCountsOnlyThePlacesItJudged() throws {
    let arguments = [
      "nearby", "--places", FinderFixtures.helsinkiPlaces.path, "--at", "60.1699,24.9384",
      "--radius", "100", "--limit", "3", "--time", "2026-06-12T21:40:00Z",
    ]
    let result = try FinderFixtures.forage(arguments + ["--open"])
    let all = try FinderFixtures.forage(arguments + ["--timezone", "Europe/Helsinki"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(all.status == 0 && !all.stderr.contains("open_at_fix"), "\(all.stderr)")
    let warning = try #require(
      result.stderr.split(separator: "\n").first { $0.contains("--open left out") }
    )
    let counts = warning.split(separator: " ").compactMap { Int($0) }
    #expect(!counts.isEmpty && counts.allSatisfy { $0 < 60 }, "\(warning)")
  }

  @Test func placesNewHoursAreReadInTheirOwnOffset() throws {
    let folder = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Open 09:00–17:00 every day at UTC+03:00 (given), and the same hours with no offset.
    let periods = (0...6).map {
      #"{"open":{"day":\#($0),"hour":9,"minute":0},"close":{"day":\#($0),"hour":17,"minute":0}}"#
    }.joined(separator: ",")
    let dataset = """
      {"type":"FeatureCollection","features":[
      {"type":"Feature","geometry":{"type":"Point","coordinates":[24.9433,60.1711]},
       "properties":{"id":"given","name":"Given","types":["restaurant"],
       "regularOpeningHours":{"periods":[\(periods)]},"utcOffsetMinutes":180}},
      {"type":"Feature","geometry":{"type":"Point","coordinates":[24.9434,60.1712]},
       "properties":{"id":"zoneless","name":"Zoneless","types":["restaurant"],
       "regularOpeningHours":{"periods":[\(periods)]}}}
      ]}
      """
    let places = folder.appendingPathComponent("places.geojson")
    try Data(dataset.utf8).write(to: places)
    // The walk's first fixes are at 11:30 UTC, 14:30 at +03:00; at -09:00 they are 02:30.
    let track = try FinderFixtures.walkPrefix(3, in: folder)
    for (zone, zoneless) in [("Europe/Helsinki", true), ("Pacific/Honolulu", false)] {
      let result = try FinderFixtures.forage([
        "run", "--track", track.path, "--provider", "places-new", "--dataset", places.path,
        "--timezone", zone,
      ])
      #expect(result.status == 0, "\(result.stderr)")
      for answer in try Self.answers(result.stdout) {
        let open = Dictionary(
          uniqueKeysWithValues: answer.places.map {
            ($0["id"] as? String ?? "", $0["open_at_fix"] as? Bool)
          }
        )
        #expect(open["given"] == true, "\(zone)")
        #expect(open["zoneless"] == zoneless, "\(zone)")
      }
    }
  }
}
