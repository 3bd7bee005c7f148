import ArgumentParser
import ForageNearby
import ForageProviders
import ForageWriters
import Foundation

/// `forage nearby`: List the places in a GeoJSON dataset near a point or along a track.
struct NearbyCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "nearby",
    abstract: "List the places in a GeoJSON dataset near a point or along a track.",
    discussion: """
      Prints the places within --radius metres of --at (or of the track given with --along), \
      nearest first, each with its geodesic distance as distance_m. Features without a usable \
      point are reported on standard error and skipped; places without a name are kept and \
      counted there. Exit codes: 0 done, 64 usage, 65 bad data (no usable place), 74 I/O.
      """
  )

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("A GeoJSON FeatureCollection of Point features.", valueName: "file")
  )
  var places: String

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The search centre in decimal degrees (may be negative).",
      valueName: "lat,lon"
    )
  )
  var at: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "A track to search along: GPX, NMEA, GeoJSON LineString, or CSV with a lat,lon header.",
      valueName: "file"
    )
  )
  var along: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "The search radius in metres, above 0 and at most \(Int(NearbySearch.maximumRadius)).",
      valueName: "m"
    )
  )
  var radius: String

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("At most this many places, nearest first.", valueName: "k")
  )
  var limit: String?

  @Option(
    help: ArgumentHelp("Only places of this type (e.g. restaurant, cafe).", valueName: "type")
  )
  var type: String?

  @Option(help: ArgumentHelp("ndjson, json, table or geojson.", valueName: "format"))
  var format: String = "ndjson"

  @Option(
    help: ArgumentHelp(
      "Tell whether each place is open (open_at_fix) at this ISO 8601 time.",
      valueName: "time"
    )
  )
  var time: String?

  @Option(
    name: .customLong("timezone"),
    help: ArgumentHelp(
      "The IANA time zone OpenStreetMap hours are in, such as Europe/Helsinki.",
      valueName: "zone"
    )
  )
  var timeZone: String?

  @Flag(help: "List only places open at --time.")
  var open = false

  @Option(
    help: ArgumentHelp(
      "A file of public holidays, one YYYY-MM-DD a line, for hours with PH rules.",
      valueName: "file"
    )
  )
  var publicHolidays: String?

  func run() async throws {
    let request: NearbyRequest
    let outputFormat: OutputFormat
    do throws(NearbyUsageError) {
      (request, outputFormat) = try NearbyRequest.parsing(
        places: places,
        at: at,
        along: along,
        radius: radius,
        limit: limit,
        type: type,
        format: format,
        time: time,
        timeZone: timeZone,
        isOpenOnly: open,
        publicHolidays: publicHolidays
      )
    } catch {
      printError(error.description)
      throw Sysexits.usage
    }
    let text: String
    do throws(NearbyError) {
      let result = try request.search { printError("warning: \($0)") }
      text = PlaceList(places: result.places, attribution: result.attribution).rendered(
        as: outputFormat
      )
    } catch {
      printError(error.description)
      throw error.exitCode
    }
    do {
      try StandardOutputSink().write(text)
    } catch let error as OutputError {
      throw outputFailureExit(error)
    }
  }
}

extension NearbyError {
  /// The sysexits code: 65 for data, 74 for I/O.
  var exitCode: ExitCode {
    switch self {
    case .data: Sysexits.dataError
    case .io: Sysexits.ioError
    }
  }
}
