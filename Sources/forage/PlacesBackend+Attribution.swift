import ForageFinder

extension PlacesBackend {
  /// The notice Google's Places APIs ask to be shown with their data, used when `--api-base`
  /// is Google's own host (a local server speaking Google's wire format serves its own data).
  static let googleAttribution = "© Google (Powered by Google)"
}
