/// The wire formats the finder speaks, by the name `--provider` takes.
public enum PlacesProviderName: String, Sendable, CaseIterable {
  /// Google Places API (New), `POST /v1/places:searchNearby`: what a new key can use, and the
  /// default.
  case placesNew = "places-new"
  /// Google Places Nearby Search (legacy), `GET /maps/api/place/nearbysearch/json`, which new
  /// Google Cloud projects can no longer enable.
  case googleLegacy = "google-legacy"
  /// OpenStreetMap's Overpass API, `POST /api/interpreter`: free, keyless, uncapped.
  case overpass

  /// The provider a run uses when none is named.
  public static let `default` = PlacesProviderName.placesNew

  /// The provider's facts.
  public var capabilities: PlacesProviderCapabilities {
    switch self {
    case .placesNew: .placesNew
    case .googleLegacy: .googleLegacy
    case .overpass: .overpass
    }
  }
}
