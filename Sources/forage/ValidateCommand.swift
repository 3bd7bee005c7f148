import ArgumentParser
import ForageFinder
import ForageLocation
import ForageSupport
import ForageTracks
import ForageWriters
import Foundation

/// `forage validate`: Check a track file and report its defects before replaying it.
struct ValidateCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract: "Check a track file and report its defects before replaying it.",
    discussion: """
      Prints the format, points, segments, time span, geodesic distance, speeds, bounding box and
      every defect class with its count and first line numbers. Exits 0 for a usable track
      (defects included), 65 for an unusable or malformed one, 74 when the file cannot be read.
      """
  )

  /// How the report is printed.
  enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json
  }

  @Argument(help: "The track file (GPX, NMEA, GeoJSON or CSV).")
  var track: String

  @Option(name: .long, help: "The report format: table or json.")
  var format: OutputFormat = .table

  @Option(
    name: .customLong("track-format"),
    help: "Read the track as gpx, nmea, geojson or csv instead of guessing from name and content."
  )
  var trackFormat: TrackFormat?

  @Flag(
    name: .customLong("require-times"),
    help: "Treat points without a time as unusable instead of interpolating."
  )
  var requireTimes = false

  @Option(
    name: .customLong("max-speed"),
    parsing: .unconditional,
    help: "Speed in m/s above which a move is an implausible jump."
  )
  var maximumSpeed: Double = TrackReadOptions().maximumSpeed

  @Option(
    name: .customLong("gap"),
    parsing: .unconditional,
    help: "Pause in seconds that starts a new segment."
  )
  var gapThreshold: Double = TrackReadOptions().gapThreshold

  @Option(
    name: .customLong("max-hdop"),
    parsing: .unconditional,
    help: "HDOP above which a fix is low accuracy."
  )
  var maximumHDOP: Double = TrackReadOptions().maximumHDOP

  @Option(
    name: .customLong("interpolation-speed"),
    parsing: .unconditional,
    help: "Speed in m/s used to give times to points without one."
  )
  var interpolationSpeed: Double = 1.4

  func validate() throws {
    // Each within a range that keeps the times and speeds derived from it finite.
    let ranges: [(option: String, value: Double, range: ClosedRange<Double>, unit: String)] = [
      ("--max-speed", maximumSpeed, 0.001...1_000_000, "m/s"),
      ("--gap", gapThreshold, 0.001...Duration.longestSeconds, "seconds"),
      ("--max-hdop", maximumHDOP, 0.001...1_000_000, ""),
      ("--interpolation-speed", interpolationSpeed, 0.001...1_000_000, "m/s"),
    ]
    for (option, value, range, unit) in ranges where !range.contains(value) {
      throw ValidationError(
        "\(option) must be from \(range.lowerBound) to \(Int(range.upperBound))"
          + (unit.isEmpty ? "" : " \(unit)") + ", not \(value)"
      )
    }
  }

  func run() async throws {
    var options = requireTimes ? TrackReadOptions.requiringTimes : TrackReadOptions()
    if !requireTimes { options.missingTime = .interpolate(metresPerSecond: interpolationSpeed) }
    options.maximumSpeed = maximumSpeed
    options.gapThreshold = gapThreshold
    options.maximumHDOP = maximumHDOP
    let summary: TrackSummary
    do {
      summary = try TrackValidator.validate(
        path: track,
        format: trackFormat,
        options: options
      )
    } catch {
      printError(error.description)
      throw error.kind == .unreadable ? Sysexits.ioError : Sysexits.dataError
    }
    let report = ValidateReport(summary: summary)
    do {
      try StandardOutputSink().write(format == .json ? report.json() : report.table())
    } catch let error as OutputError {
      throw outputFailureExit(error)
    }
    if let problem = summary.problem {
      printError("\(track): unusable track: \(problem)")
      throw Sysexits.dataError
    }
  }
}

extension TrackFormat: ExpressibleByArgument {}
