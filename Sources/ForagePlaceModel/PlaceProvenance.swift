/// Where Forage got a place from: which API, or a places dataset file.
///
/// Its raw value is the snake_case name written in cache files and recordings.
public enum PlaceProvenance: String, Sendable, Hashable, Codable, CaseIterable {
  /// Google's legacy Nearby Search (or a server that speaks its wire format).
  case googleNearbySearch = "google_nearby_search"
  /// Google's Places API (New).
  case placesNew = "places_new"
  /// An Overpass API (OpenStreetMap).
  case overpass
  /// A places dataset file read by Forage itself.
  case dataset
  /// Not known: a place read from a recording made before places carried their provenance.
  case unknown
}
