import Foundation

/// Locates the project's files and the real corpora its tests read, all inside the checkout.
///
/// The corpora (tracks from gpxpy's and gpsd's test suites) live in `Tests/Data` with their
/// licences, and the Helsinki places are the demo's own (`Resources/demo`), so a clone's tests
/// need nothing beside it and nothing is skipped for want of data.
public enum TestData {
  /// The package root: the directory that holds `Package.swift`.
  public static let packageRoot: URL = {
    // This file is Tests/ForageTestSupport/TestData.swift.
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }()

  /// The folder of the real corpora, `Tests/Data`.
  public static let directory = packageRoot.appendingPathComponent("Tests/Data")

  /// The bundled Helsinki places (OpenStreetMap, ODbL 1.0), the demo's dataset.
  public static let helsinkiPlaces = resource("demo/helsinki-osm-eateries.geojson")

  /// The URL of a file under `Tests/Data`, such as `tracks/gpx/cerknicko-jezero.gpx`, or `nil`
  /// when there is none (a test `#require`s it, so a missing file fails the test).
  public static func file(_ relativePath: String) -> URL? {
    let url = directory.appendingPathComponent(relativePath)
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  /// A URL under the package's own `Resources/` folder.
  public static func resource(_ relativePath: String) -> URL {
    packageRoot.appendingPathComponent("Resources").appendingPathComponent(relativePath)
  }
}
