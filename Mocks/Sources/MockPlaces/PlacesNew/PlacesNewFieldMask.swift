/// The `X-Goog-FieldMask` of a Places API (New) request: which place fields to return.
struct PlacesNewFieldMask: Equatable {
  /// Every place field this mock can return.
  static let placeFields: Set<String> = [
    "id", "name", "displayName", "location", "types", "primaryType", "rating", "userRatingCount",
    "priceLevel", "businessStatus", "formattedAddress", "shortFormattedAddress",
    "currentOpeningHours", "regularOpeningHours", "utcOffsetMinutes", "attributions",
  ]

  /// The top-level place fields requested.
  var fields: Set<String>

  /// Parses a mask such as `places.id,places.displayName` or `*`.
  ///
  /// - Parameter text: The header value (or the `fields` query parameter).
  /// - Returns: The mask, or the error to answer with.
  static func parse(_ text: String?) -> Result<PlacesNewFieldMask, PlacesNewError> {
    guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
      return .failure(
        PlacesNewError(
          code: 400,
          status: "INVALID_ARGUMENT",
          message: "FieldMask is a required parameter. See"
            + " https://cloud.google.com/apis/docs/system-parameters on how to provide it. As an"
            + " example, you can set the header 'X-Goog-FieldMask' to 'places.displayName' in"
            + " order to request the displayName field."
        )
      )
    }
    var fields = Set<String>()
    for path in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      if path == "*" || path == "places" || path == "places.*" {
        fields.formUnion(placeFields)
        continue
      }
      let parts = path.split(separator: ".", maxSplits: 2).map(String.init)
      guard parts.count >= 2, parts[0] == "places", placeFields.contains(parts[1]) else {
        return .failure(
          PlacesNewError(
            code: 400,
            status: "INVALID_ARGUMENT",
            message: "Error expanding 'fields' parameter. Cannot find matching fields for path"
              + " '\(path)'."
          )
        )
      }
      fields.insert(parts[1])
    }
    return .success(PlacesNewFieldMask(fields: fields))
  }
}
