import ArgumentParser
import ForageProviders
import ForageSupport

extension PlacesProviderName {
  /// The provider `--provider` names, exactly as listed (names are lower case).
  ///
  /// - Parameter text: The value given.
  /// - Returns: The provider.
  /// - Throws: A `ValidationError` (exit 64): for `google`, the legacy API's name before
  ///   Places API (New) became the default, one line naming `google-legacy`; for any other
  ///   name, the nearest names and the list.
  static func parse(argument text: String) throws -> PlacesProviderName {
    if let name = PlacesProviderName(rawValue: text) { return name }
    let names = allCases.map(\.rawValue)
    if text == "google" {
      throw ValidationError(
        "--provider google is now named google-legacy (Google's legacy Nearby Search, which new "
          + "Google Cloud projects cannot enable); use --provider google-legacy, or drop "
          + "--provider for Places API (New), the default"
      )
    }
    let nearest = NameSuggestion.nearest(to: text, in: names, count: 1)
    throw ValidationError(
      "--provider '\(text)' is not a provider"
        + (nearest.first.map { "; did you mean '\($0)'?" } ?? "")
        + " (providers: \(NameSuggestion.list(names)))"
    )
  }
}
