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
      let result = try BuiltBinary.run(
        "forage",
        option.arguments(value),
        currentDirectory: directory
      )
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
      }
    }
  }
}
