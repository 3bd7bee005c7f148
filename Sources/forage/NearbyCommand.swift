import ArgumentParser
import ForageGeo
import Foundation

/// `forage nearby`: List the places in a GeoJSON dataset near a point or along a track.
struct NearbyCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "nearby",
    abstract: "List the places in a GeoJSON dataset near a point or along a track.",
    discussion: """
      Prints the places within --radius metres of --at (or of the track given with --along), \
      nearest first, each with its geodesic distance as distance_m. Features without a usable \
      point are reported on standard error and skipped.
      """
  )

  @Option(help: ArgumentHelp("A GeoJSON FeatureCollection of Point features.", valueName: "file"))
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
    help: ArgumentHelp(
      "A track (GeoJSON LineString, GPX, or one lat,lon per line) to search along.",
      valueName: "file"
    )
  )
  var along: String?

  @Option(
    help: ArgumentHelp("The search radius in metres, above 0 and at most 50000.", valueName: "m")
  )
  var radius: String

  @Option(help: ArgumentHelp("At most this many places, nearest first.", valueName: "k"))
  var limit: String?

  @Option(
    help: ArgumentHelp("Only places of this type (e.g. restaurant, cafe).", valueName: "type")
  )
  var type: String?

  @Option(help: ArgumentHelp("ndjson, json, table or geojson.", valueName: "format"))
  var format: String = "ndjson"

  func run() async throws {
    do throws(NearbyError) {
      let request = try NearbyRequest(
        places: places,
        at: at,
        along: along,
        radius: radius,
        limit: limit,
        type: type,
        format: format
      )
      let result = try NearbySearch.run(request) { printError($0) }
      FileHandle.standardOutput.write(Data(NearbyOutput.render(result, as: request.format).utf8))
    } catch {
      printError(error.message)
      throw error.exitCode
    }
  }
}
