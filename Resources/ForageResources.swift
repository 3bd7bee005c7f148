import Foundation

/// The data bundled with `forage`: the demo walk, the demo places dataset and the output schemas.
public enum ForageResources {
  /// The bundled 1 Hz walk through central Helsinki (GPX 1.1).
  public static var demoTrack: URL { url("demo/helsinki-walk.gpx") }

  /// The bundled places dataset (GeoJSON, © OpenStreetMap contributors, ODbL 1.0).
  public static var demoPlaces: URL { url("demo/helsinki-osm-eateries.geojson") }

  /// The JSON Schema of `forage run`'s NDJSON events (and `forage replay`'s).
  public static var eventSchema: URL { url("schema/forage-event.schema.json") }

  /// The JSON Schema of every other JSON forage writes, one `$defs` entry per command and
  /// format (`run_document`, `run_geojson`, `nearby_line`, `nearby_document`,
  /// `nearby_geojson`, `validate_report`).
  public static var outputSchema: URL { url("schema/forage-output.schema.json") }


  /// The URL of a bundled file, given its path inside `Resources/`.
  public static func url(_ relativePath: String) -> URL {
    Bundle.module.resourceURL!.appendingPathComponent(relativePath)
  }
}
