import ForageTestSupport
import Foundation
import Testing

/// Files and runs the finder's end-to-end tests share.
enum FinderFixtures {
  /// The bundled hour-long Helsinki walk.
  static let walk = TestData.resource("demo/helsinki-walk.gpx")
  /// The bundled OpenStreetMap eating places of central Helsinki.
  static let helsinkiPlaces = TestData.resource("demo/helsinki-osm-eateries.geojson")
  /// The JSON Schema of the NDJSON events.
  static let schema = TestData.resource("schema/forage-event.schema.json")
  /// The notice the bundled Helsinki places carry (their file's `attribution` member).
  static let bundledAttribution =
    "Data (c) OpenStreetMap contributors, available under the Open Database License (ODbL) 1.0, "
    + "https://www.openstreetmap.org/copyright"
  /// The one notice a run writes for the bundled places, whichever way it reaches them: every
  /// OpenStreetMap notice (the file's, the Overpass provider's, an answer's `osm3s`) is this.
  static let bundledNotice =
    "© OpenStreetMap contributors, ODbL 1.0, https://www.openstreetmap.org/copyright"
  /// The schema of every other JSON output, by `$defs` name.
  static let outputSchema = TestData.resource("schema/forage-output.schema.json")

  /// A fresh, empty directory under the system's temporary directory.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "forage-e2e-\(UUID().uuidString)",
      isDirectory: true
    )
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Writes the first `count` track points of the Helsinki walk as a GPX file of its own: a
  /// shorter track for tests that run many times (the walk has one `<trkpt>` a line).
  static func walkPrefix(_ count: Int, in directory: URL) throws -> URL {
    let lines = try String(contentsOf: walk, encoding: .utf8).split(
      separator: "\n",
      omittingEmptySubsequences: false
    )
    guard let first = lines.firstIndex(where: { $0.contains("<trkpt") }) else {
      throw FixtureError("the walk has no <trkpt> line")
    }
    let points = lines[first...].prefix { $0.contains("<trkpt") }.prefix(count)
    let text =
      lines[..<first].joined(separator: "\n") + "\n" + points.joined(separator: "\n")
      + "\n</trkseg></trk>\n</gpx>\n"
    let url = directory.appendingPathComponent("walk-\(count).gpx")
    try Data(text.utf8).write(to: url)
    return url
  }

  /// Writes every `stride`-th track point of the Helsinki walk (at most `count` of them) as a
  /// GPX file of its own: the walk's ground, and about as many searches, in fewer fixes.
  static func walkSample(every stride: Int, count: Int = .max, in directory: URL) throws -> URL {
    let lines = try String(contentsOf: walk, encoding: .utf8).split(
      separator: "\n",
      omittingEmptySubsequences: false
    )
    let points = lines.filter { $0.contains("<trkpt") }
    guard let first = lines.firstIndex(where: { $0.contains("<trkpt") }) else {
      throw FixtureError("the walk has no <trkpt> line")
    }
    let kept = Swift.stride(from: 0, to: points.count, by: stride).prefix(count).map { points[$0] }
    let text =
      lines[..<first].joined(separator: "\n") + "\n" + kept.joined(separator: "\n")
      + "\n</trkseg></trk>\n</gpx>\n"
    let url = directory.appendingPathComponent("walk-every-\(stride)-\(kept.count).gpx")
    try Data(text.utf8).write(to: url)
    return url
  }

  /// A fresh folder to run commands in, with short relative names for every kind of input:
  /// `walk.gpx` (the walk's first `points` track points), `places.geojson` (the bundled places),
  /// `scenario.json` (a permission scenario) and `run.actions` (a recording of the walk).
  static func workFolder(points: Int = 5) throws -> URL {
    let directory = try temporaryDirectory()
    let track = try walkPrefix(points, in: directory)
    try FileManager.default.moveItem(at: track, to: directory.appendingPathComponent("walk.gpx"))
    try FileManager.default.copyItem(
      at: helsinkiPlaces,
      to: directory.appendingPathComponent("places.geojson")
    )
    try Data(#"{"initial":"notDetermined","prompt":"authorizedWhenInUse"}"#.utf8).write(
      to: directory.appendingPathComponent("scenario.json")
    )
    let made = try forage(
      ["run", "--track", "walk.gpx", "--record", "run.actions"],
      in: directory
    )
    try #require(made.status == 0, "\(made.stderr)")
    return directory
  }

  /// Runs the built `forage` to completion and returns its result: the one way the end-to-end
  /// tests run it (``TimedChild`` aside, for a child that is sent signals).
  ///
  /// - Parameters:
  ///   - arguments: The command-line arguments.
  ///   - directory: The working directory, or the test process's own when `nil`.
  ///   - stdin: Bytes for standard input, which is then closed.
  ///   - environment: Extra environment variables, merged over the test process's own.
  ///   - limit: A time limit past which forage is killed (SIGKILL, exit status 137), or `nil`
  ///     for none.
  /// - Returns: The exit status and the captured output.
  static func forage(
    _ arguments: [String],
    in directory: URL? = nil,
    stdin: Data = Data(),
    environment: [String: String] = [:],
    limit: Duration? = nil
  ) throws
    -> BinaryResult
  {
    guard let limit else {
      return try BuiltBinary.run(
        "forage",
        arguments,
        stdin: stdin,
        environment: environment,
        currentDirectory: directory
      )
    }
    return try BuiltBinary.run(
      executable: URL(fileURLWithPath: "/usr/bin/timeout"),
      ["-s", "KILL", "\(limit.components.seconds)", BuiltBinary.url("forage").path] + arguments,
      stdin: stdin,
      environment: environment,
      currentDirectory: directory
    )
  }

  /// Runs `forage run` that must succeed, and decodes its NDJSON.
  static func run(
    _ arguments: [String],
    environment: [String: String] = [:]
  ) throws
    -> RunOutput
  {
    let result = try forage(["run"] + arguments, environment: environment)
    try #require(
      result.status == 0,
      "forage run \(arguments) exited \(result.status): \(result.stderr)"
    )
    return try RunOutput(ndjson: result.stdout)
  }

  /// Runs a command line with `/bin/sh` in `directory`, with `$F` the built forage's path.
  static func shell(
    _ line: String,
    in directory: URL,
    environment: [String: String] = [:]
  ) throws -> BinaryResult {
    try BuiltBinary.run(
      executable: URL(fileURLWithPath: "/bin/sh"),
      ["-c", line],
      environment: environment.merging(["F": BuiltBinary.url("forage").path]) { $1 },
      currentDirectory: directory
    )
  }

  /// The positions a track delivers, read from a `forage run` of it (answers from the bundled
  /// dataset are ignored), to generate a dataset around.
  static func deliveredPositions(of track: URL) throws -> [(latitude: Double, longitude: Double)] {
    try run(["--track", track.path]).named("location").compactMap { event in
      guard let lat = event.lat, let lon = event.lon else { return nil }
      return (lat, lon)
    }
  }
}

/// A fixture that could not be prepared.
struct FixtureError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
