import ForagePlaceDataset
import Foundation

/// The data built into `forage`: the demo walk and the demo places dataset.
///
/// The files under `Resources/demo` are compiled in (by the `EmbedResources` build plugin), so
/// an installed `forage`, or one copied on its own to another machine, needs no file beside it.
public enum ForageResources {
  /// The demo walk's file name, as messages name it.
  public static let demoTrackName = "helsinki-walk.gpx"

  /// The bundled 1 Hz walk through central Helsinki (GPX 1.1), as its file's bytes.
  public static var demoTrack: [UInt8] { Array(EmbeddedResources.helsinkiWalk.utf8) }

  /// The demo places dataset's file name, as messages name it.
  public static let demoPlacesName = "helsinki-osm-eateries.geojson"

  /// The bundled places dataset (GeoJSON, © OpenStreetMap contributors, ODbL 1.0), read.
  ///
  /// - Throws: ``ForagePlaceDataset/PlaceDatasetError`` only if the built-in file were damaged.
  public static func loadDemoPlaces() throws(PlaceDatasetError) -> PlaceDataset {
    try PlaceDataset.parse(Data(EmbeddedResources.helsinkiPlaces.utf8), file: demoPlacesName)
  }
}
