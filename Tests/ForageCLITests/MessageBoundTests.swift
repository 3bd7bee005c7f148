import ForageTestSupport
import Foundation
import Testing

/// Every message that quotes input data, fed a value of a mebibyte (or, on the command line,
/// 100 KiB, near the kernel's limit for one argument) with control characters in it: every line
/// on standard error is at most 600 characters, escapes the controls, and still says where the
/// problem is.
@Suite struct MessageBoundTests {
  /// A message that quotes an input: how to make the input, and what its line must still name.
  struct Case: Sendable, CustomStringConvertible {
    var description: String
    /// Writes the files into the folder and gives `forage`'s arguments, from the hostile value.
    var arguments: @Sendable (URL, Hostile) throws -> [String]
    /// What the line quoting the value still says: the file and line, the character, the option.
    var position: String
    /// How long the value is.
    var size = 1 << 20
  }

  /// A value that starts and ends plainly, with a terminal's title change, a bell, a CSI, a
  /// carriage return and a right-to-left override in the middle, as each input spells it.
  struct Hostile: Sendable {
    /// The value itself.
    var raw: String
    /// The inside of a JSON string that holds it.
    var json: String
    /// The value without its carriage return, for a line of a file.
    var line: String

    init(_ size: Int) {
      let a = String(repeating: "A", count: size / 2)
      let b = String(repeating: "B", count: size / 2)
      raw = a + "\u{1b}]0;pwned\u{07}\u{9b}2J\r\u{202e}\u{7f}" + b
      json = a + #"\u001b]0;pwned\u0007\u009b2J\r\u202e\u007f"# + b
      line = a + "\u{1b}]0;pwned\u{07}\u{9b}2J\u{202e}\u{7f}" + b
    }
  }

  static func write(_ text: String, _ name: String, in directory: URL) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  static let cases: [Case] =
    [
      Case(
        description: "opening hours (Overpass)",
        arguments: { directory, value in
          let dataset = try write(
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":"#
              + #"{"type":"Point","coordinates":[24.9432771,60.171046]},"properties":"#
              + #"{"name":"X","amenity":"restaurant","opening_hours":"Mo-Fr 10:00-20:00; Sa "#
              + value.json + "\"}}]}",
            "hours.geojson",
            in: directory
          )
          // With --open the hours that cannot be read are a warning (the place is left out).
          return [
            "run", "--track", FinderFixtures.walk.path, "--dataset", dataset, "--provider",
            "overpass", "--open", "--timezone", "Europe/Helsinki",
          ]
        },
        position: "at character 22"
      ),
      Case(
        description: "a recording's unknown action",
        arguments: { directory, value in
          let header = try String(
            contentsOf: FinderFixtures.workFolder(points: 3).appendingPathComponent("run.actions"),
            encoding: .utf8
          ).split(separator: "\n")[0]
          let path = try write(
            header + "\n" + #"{"action":""# + value.json + "\"}\n",
            "bad.actions",
            in: directory
          )
          return ["replay", path]
        },
        position: "bad.actions:2"
      ),
      Case(
        description: "a JSON number in a GeoJSON track",
        arguments: { directory, value in
          let path = try write(
            #"{"type":"Feature","geometry":{"type":"LineString","coordinates":[[1."#
              + value.line + "]]}}\n",
            "bad.geojson",
            in: directory
          )
          return ["run", "--track", path]
        },
        position: "bad.geojson:1:"
      ),
      Case(
        description: "a JSON number in a places dataset",
        arguments: { directory, value in
          let path = try write(
            #"{"type":"FeatureCollection","features":[1."# + value.line
              + "]}\n",
            "places.geojson",
            in: directory
          )
          return ["run", "--track", FinderFixtures.walk.path, "--dataset", path]
        },
        position: "places.geojson:1:"
      ),
      Case(
        description: "a JSON number in a permission scenario",
        arguments: { directory, value in
          let path = try write(
            "{\n\"initial\": 1." + value.line + "}\n",
            "scenario.json",
            in: directory
          )
          return ["run", "--track", FinderFixtures.walk.path, "--permission", path]
        },
        position: "scenario.json:2:"
      ),
      Case(
        description: "a CSV header",
        arguments: { directory, value in
          let path = try write(
            value.line + "\n1,2,3\n",
            "track.csv",
            in: directory
          )
          return ["run", "--track", path]
        },
        position: "track.csv:1:1"
      ),
    ]
    + [
      ("--format", "--format"), ("--permission", "--permission"),
      ("--timezone", "--timezone"), ("--places-cache-ttl", "--places-cache-ttl"),
      ("--provider", "--provider"), ("--track-format", "--track-format"),
      ("--radius", "--radius"), ("--api-base", "--api-base"),
    ].map { option, position in
      Case(
        description: "run \(option) VALUE",
        arguments: { _, value in
          ["run", "--track", FinderFixtures.walk.path, option, value.raw]
        },
        position: position,
        size: 100 << 10
      )
    }
    + [
      Case(
        description: "an unknown option",
        arguments: { _, value in ["run", "--track", FinderFixtures.walk.path, "--" + value.raw] },
        position: "Unknown option",
        size: 100 << 10
      ),
      Case(
        description: "run --gpsd VALUE",
        arguments: { _, value in ["run", "--gpsd", value.raw] },
        position: "--gpsd",
        size: 100 << 10
      ),
      Case(
        description: "nearby --time VALUE",
        arguments: { _, value in
          [
            "nearby", "--places", FinderFixtures.helsinkiPlaces.path, "--at", "60.17,24.94",
            "--radius", "500",
            "--time", value.raw,
          ]
        },
        position: "--time",
        size: 100 << 10
      ),
    ]

  /// Every line on standard error is short, shows no control character raw, and the line that
  /// quotes the value still names where it was.
  static func check(_ stderr: String, position: String?, _ comment: String) {
    let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(!lines.isEmpty, "\(comment): nothing on standard error")
    for line in lines {
      #expect(
        line.unicodeScalars.count <= 600,
        "\(comment): \(line.unicodeScalars.count) characters"
      )
      let raw = line.unicodeScalars.filter { scalar in
        (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
          || (0x202A...0x202E).contains(scalar.value)
      }
      #expect(raw.isEmpty, "\(comment): raw \(raw.map(\.value))")
    }
    guard let position else { return }
    let quoting = lines.filter { $0.contains("AAAA") || $0.contains("BBBB") }
    #expect(!quoting.isEmpty, "\(comment): no line quotes the value: \(stderr.prefix(600))")
    for line in quoting {
      #expect(line.contains(position), "\(comment): \(line)")
    }
  }

  @Test(arguments: cases)
  func aMessageQuotingAHugeValueIsOneShortLine(_ message: Case) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let arguments = try message.arguments(directory, Hostile(message.size))
    let result = try FinderFixtures.forage(arguments)
    Self.check(result.stderr, position: message.position, message.description)
  }

  /// An API's error body of a mebibyte, for every wire format. (Overpass's error bodies are not
  /// quoted: only the lines' length and escapes are checked.)
  @Test(arguments: [
    ("google-legacy", #"{"status":"REQUEST_DENIED","error_message":"%@"}"#, 200, "fix 0"),
    (
      "places-new", #"{"error":{"code":403,"message":"%@","status":"PERMISSION_DENIED"}}"#, 403,
      "fix 0"
    ),
    ("overpass", "%@", 400, nil),
  ])
  func anAPIErrorBodyOfAMebibyteIsOneShortLine(
    _ provider: String,
    _ body: String,
    _ status: Int,
    _ position: String?
  )
    throws
  {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let value = Hostile(1 << 20).json
    let answer = body.replacingOccurrences(of: "%@", with: value)
    let server = try ScriptedHTTPServer { _ in .init(status: status, body: answer) }
    defer { server.close() }
    let track = try FinderFixtures.walkPrefix(5, in: directory)
    let result = try FinderFixtures.forage(
      [
        "run", "--track", track.path, "--api-base", "http://127.0.0.1:\(server.port)",
        "--provider", provider, "--network-time", "virtual", "--limit", "5",
      ],
      environment: ["PLACES_API_KEY": "AIzaTESTKEYTESTKEYTESTKEYTESTKEY1234567"]
    )
    #expect(result.status == 69, "\(result.stderr.prefix(600))")
    Self.check(result.stderr, position: position, "\(provider) error body")
  }
}
