import ForageTestSupport
import Foundation
import Testing

/// Every numeric option at its limits (0, negative, not a number, infinities, 1e308, 1e-300,
/// the largest integers) is a normal run, or one line naming the option and exit 64: never a
/// trap. A generator: every numeric option of every command, with every hostile value.
@Suite struct NumericLimitsTests {
  /// A numeric option: the command line for a value, and the name its error must mention.
  struct NumericOption: Sendable, CustomTestStringConvertible {
    var name: String
    var arguments: @Sendable (_ value: String) -> [String]
    var testDescription: String { name }
  }

  static let values = [
    "0", "-0", "-1", "nan", "NaN", "-nan", "inf", "-inf", "infinity", "1e308", "-1e308",
    "1e-300", "-1e-300", "1e999", "9223372036854775807", "9223372036854775808",
    "-9223372036854775808", "18446744073709551615", "18446744073709551616", "0x10", "",
  ]

  static let options: [NumericOption] = {
    let run = ["run", "--track", "walk.gpx"]
    var options = [
      "--radius", "--limit", "--distance-filter", "--speed", "--noise", "--dropout", "--seed",
      "--request-timeout",
    ].map { flag in NumericOption(name: "run \(flag)") { run + [flag, $0] } }
    options += [
      NumericOption(name: "run --places-cache-ttl (s)") {
        run + ["--places-cache-ttl", "\($0)s"]
      },
      NumericOption(name: "run --places-cache-ttl (d)") {
        run + ["--places-cache-ttl", "\($0)d"]
      },
      NumericOption(name: "run --permission (seconds)") {
        run + ["--permission", "granted,revoke@\($0)s"]
      },
      NumericOption(name: "run --permission (hours)") {
        run + ["--permission", "granted,revoke@\($0)h"]
      },
      NumericOption(name: "run --permission (fix)") {
        run + ["--permission", "granted,revoke@fix:\($0)"]
      },
      NumericOption(name: "replay --until") { ["replay", "run.actions", "--until", $0] },
      NumericOption(name: "nearby --radius") {
        ["nearby", "--places", "places.geojson", "--at", "60.17,24.94", "--radius", $0]
      },
      NumericOption(name: "nearby --limit") {
        [
          "nearby", "--places", "places.geojson", "--at", "60.17,24.94", "--radius", "300",
          "--limit", $0,
        ]
      },
      NumericOption(name: "nearby --at (latitude)") {
        ["nearby", "--places", "places.geojson", "--at", "\($0),24.94", "--radius", "300"]
      },
      NumericOption(name: "nearby --at (longitude)") {
        ["nearby", "--places", "places.geojson", "--at", "60.17,\($0)", "--radius", "300"]
      },
      NumericOption(name: "validate --max-speed") { ["validate", "walk.gpx", "--max-speed", $0] },
      NumericOption(name: "validate --gap") { ["validate", "walk.gpx", "--gap", $0] },
      NumericOption(name: "validate --max-hdop") { ["validate", "walk.gpx", "--max-hdop", $0] },
      NumericOption(name: "validate --interpolation-speed") {
        ["validate", "walk.gpx", "--interpolation-speed", $0]
      },
      NumericOption(name: "run --gpsd (port)") {
        ["run", "--gpsd", "127.0.0.1:\($0)", "--max-fixes", "0"]
      },
    ]
    return options
  }()

  /// The option's name as its message must mention it: `--at` for `nearby --at (latitude)`.
  static func flag(of option: NumericOption) -> String {
    String(option.name.split(separator: " ")[1])
  }

  @Test(arguments: options)
  func everyHostileValueIsARunOrOneUsageLine(option: NumericOption) throws {
    let directory = try FinderFixtures.workFolder()
    defer { try? FileManager.default.removeItem(at: directory) }
    for value in Self.values {
      let result = try FinderFixtures.forage(option.arguments(value), in: directory)
      let context = "\(option.name) '\(value)': \(result.stderr)"
      #expect(result.status == 0 || result.status == 64, "\(context)")
      #expect(
        !result.stderr.contains("Fatal error") && !result.stderr.contains("Backtrac"),
        "\(context)"
      )
      if result.status == 64 {
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(context)")
        #expect(lines.first?.contains(Self.flag(of: option)) == true, "\(context)")
        // A negative number is a value, not a missing one (validate read `--gap -1` so).
        #expect(!result.stderr.contains("Missing value"), "\(context)")
      }
    }
  }

  /// A whole number too large for its type, or not a whole number, is refused naming what the
  /// option takes: ArgumentParser said only "The value … is invalid for '--limit <k>'".
  @Test(arguments: [
    (["run", "--track", "walk.gpx", "--limit"], "from 1 to 60"),
    (["run", "--track", "walk.gpx", "--seed"], "from 0 to 18446744073709551615"),
    (["replay", "run.actions", "--until"], "from 1 to 9223372036854775807"),
    (["run", "--gpsd", "127.0.0.1:9", "--max-fixes"], "from 1 to 9223372036854775807"),
  ])
  func aWholeNumberNoTypeHoldsSaysWhatTheOptionTakes(
    arguments: [String],
    expected: String
  )
    throws
  {
    let directory = try FinderFixtures.workFolder()
    defer { try? FileManager.default.removeItem(at: directory) }
    for value in ["99999999999999999999", "-99999999999999999999", "abc", "1.5"] {
      let result = try FinderFixtures.forage(arguments + [value], in: directory)
      let context = "\(arguments.last!) \(value): \(result.stderr)"
      #expect(result.status == 64, "\(context)")
      #expect(result.stderr.contains("expected a whole number \(expected)"), "\(context)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(context)")
    }
  }

  @Test func timesNoDateCanHoldAreSkippedWithAWarningNotATrap() throws {
    let directory = try FinderFixtures.workFolder()
    defer { try? FileManager.default.removeItem(at: directory) }
    for value in ["1e19", "1e308", "9223372036854775807", "-1e19"] {
      try Data("lat,lon,time\n60.17,24.94,\(value)\n60.1701,24.9401,2026-01-01T00:00:04Z\n".utf8)
        .write(to: directory.appendingPathComponent("c.csv"))
      let result = try FinderFixtures.forage(["run", "--track", "c.csv"], in: directory)
      #expect(result.status == 0, "\(value): \(result.stderr)")
      #expect(!result.stderr.contains("Fatal error"), "\(value)")
      #expect(result.stderr.contains("warning: c.csv: 1 point with no time"), "\(result.stderr)")
      let geojson =
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[24.94,60.17]},"properties":{"time":\#(value)}}]}"#
      try Data(geojson.utf8).write(to: directory.appendingPathComponent("t.geojson"))
      let fromGeoJSON = try FinderFixtures.forage(["run", "--track", "t.geojson"], in: directory)
      #expect(fromGeoJSON.status == 0, "\(value): \(fromGeoJSON.stderr)")
    }
  }

  @Test func aRecordingWithValuesNoConversionCanHoldIsRefusedAtItsLine() throws {
    let directory = try FinderFixtures.workFolder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let made = try FinderFixtures.forage(
      ["run", "--track", "walk.gpx", "--record", "r.nd"],
      in: directory
    )
    try #require(made.status == 0)
    let lines = try String(contentsOf: directory.appendingPathComponent("r.nd"), encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let places = try #require(lines.firstIndex { $0.contains("\"places_answered\"") })
    let cases: [(line: Int, from: String, to: String)] = [
      (1, #""at":"#, #""at":1e308,"x":"#),
      (1, #""at":"#, #""at":-9223372036854775808,"x":"#),
      (places, #""distance_m":"#, #""distance_m":1e308,"x":"#),
    ]
    for (index, from, to) in cases {
      var edited = lines
      edited[index] = edited[index].replacingOccurrences(of: from, with: to)
      try Data(edited.joined(separator: "\n").utf8).write(
        to: directory.appendingPathComponent("bad.nd")
      )
      for format in ["ndjson", "html"] {
        let result = try FinderFixtures.forage(
          ["replay", "bad.nd", "--format", format],
          in: directory
        )
        #expect(result.status == 65, "\(to) \(format): \(result.stderr)")
        #expect(result.stderr.hasPrefix("forage: bad.nd:\(index + 1): "), "\(result.stderr)")
      }
    }
  }

  @Test func anImpossibleAccuracyIsWarnedAndNeverWritten() throws {
    let directory = try FinderFixtures.workFolder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let text = try String(contentsOf: directory.appendingPathComponent("walk.gpx"), encoding: .utf8)
    let edited = text.replacingOccurrences(of: "<hdop>", with: "<hdop>1e308</hdop><x>")
      .replacingOccurrences(of: "</hdop>", with: "</x>")
      .replacingOccurrences(of: "<hdop>1e308</x>", with: "<hdop>1e308</hdop>")
    try Data(edited.utf8).write(to: directory.appendingPathComponent("hdop.gpx"))
    let result = try FinderFixtures.forage(
      ["run", "--track", "hdop.gpx", "--record", "h.nd"],
      in: directory
    )
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.contains("HDOP, speed or course that could not be read or is out of range"),
      "\(result.stderr)"
    )
    // The only null a run writes is an unknown open_at_fix.
    let nulls = result.stdout.replacingOccurrences(of: #""open_at_fix":null"#, with: "")
    #expect(!nulls.contains("null"), "an accuracy was written as null")
  }
}
