import ForagePlaceDataset
import ForagePlaceModel
import Foundation

/// A validated Places API (New) `places:searchNearby` request body.
struct PlacesNewRequest: Equatable {
  /// How results are ordered.
  enum RankPreference: String {
    /// By rating × ln(1 + ratings count), the default.
    case popularity = "POPULARITY"
    /// Nearest first.
    case distance = "DISTANCE"
  }

  var latitude: Double
  var longitude: Double
  var radius: Double
  var includedTypes: [String] = []
  var excludedTypes: [String] = []
  var includedPrimaryTypes: [String] = []
  var excludedPrimaryTypes: [String] = []
  var maxResultCount = 20
  var rankPreference = RankPreference.popularity

  /// The body members Google accepts; any other is an error, as with Google's proto parser.
  static let knownMembers: Set<String> = [
    "includedTypes", "excludedTypes", "includedPrimaryTypes", "excludedPrimaryTypes",
    "maxResultCount", "locationRestriction", "rankPreference", "languageCode", "regionCode",
    "routingParameters",
  ]

  /// Parses and validates a request body.
  ///
  /// - Parameter body: The raw JSON body.
  /// - Returns: The request, or the `INVALID_ARGUMENT` message to answer with.
  static func parse(_ body: Data) -> Result<PlacesNewRequest, PlacesNewError> {
    func invalid(_ message: String) -> Result<PlacesNewRequest, PlacesNewError> {
      .failure(PlacesNewError(code: 400, status: "INVALID_ARGUMENT", message: message))
    }
    guard !body.isEmpty,
      let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
    else {
      return invalid("Invalid JSON payload received. Expected a JSON object as the request body.")
    }
    if let unknown = object.keys.sorted().first(where: { !knownMembers.contains($0) }) {
      return invalid(
        "Invalid JSON payload received. Unknown name \"\(unknown)\": Cannot find field."
      )
    }
    guard let restriction = object["locationRestriction"] as? [String: Any],
      let circle = restriction["circle"] as? [String: Any],
      let center = circle["center"] as? [String: Any]
    else {
      return invalid("Invalid request: location_restriction.circle is not set.")
    }
    guard let latitude = number(center["latitude"]), let longitude = number(center["longitude"]),
      (-90.0...90.0).contains(latitude), (-180.0...180.0).contains(longitude)
    else {
      return invalid(
        "Invalid location_restriction.circle.center: latitude must be in [-90, 90]"
          + " and longitude in [-180, 180]."
      )
    }
    guard let radius = number(circle["radius"]), radius > 0, radius <= 50_000 else {
      return invalid("radius must be greater than 0 and less than or equal to 50000.")
    }
    var request = PlacesNewRequest(latitude: latitude, longitude: longitude, radius: radius)
    if let count = object["maxResultCount"] {
      guard let count = number(count), count == count.rounded(), (1...20).contains(count) else {
        return invalid("maxResultCount must be between 1 and 20, inclusive.")
      }
      request.maxResultCount = Int(count)
    }
    if let rank = object["rankPreference"] {
      switch rank as? String {
      case "POPULARITY", "RANK_PREFERENCE_UNSPECIFIED": request.rankPreference = .popularity
      case "DISTANCE": request.rankPreference = .distance
      default:
        return invalid(
          "Invalid value at 'rank_preference': \(rank). Expected POPULARITY or DISTANCE."
        )
      }
    }
    for (member, keyPath) in [
      ("includedTypes", \PlacesNewRequest.includedTypes),
      ("excludedTypes", \.excludedTypes),
      ("includedPrimaryTypes", \.includedPrimaryTypes),
      ("excludedPrimaryTypes", \.excludedPrimaryTypes),
    ] as [(String, WritableKeyPath<PlacesNewRequest, [String]>)] {
      guard let value = object[member] else { continue }
      guard let types = value as? [String], types.allSatisfy({ !$0.isEmpty }) else {
        return invalid("Invalid value at '\(member)': expected a list of place type strings.")
      }
      request[keyPath: keyPath] = types.map { $0.lowercased() }
    }
    return .success(request)
  }

  private static func number(_ value: Any?) -> Double? {
    guard let number = value as? NSNumber, type(of: number) != type(of: NSNumber(value: true))
    else { return nil }
    return number.doubleValue.isFinite ? number.doubleValue : nil
  }

  /// The places this request finds: filtered, ordered, and capped at `maxResultCount`.
  func results(in dataset: PlaceDataset) -> [Place] {
    let candidates = dataset.places(within: radius, ofLatitude: latitude, longitude: longitude)
      .filter { candidate in
        let place = candidate.place
        let primary = place.types.first ?? ""
        return !place.isClosed
          && (includedTypes.isEmpty || place.types.contains { includedTypes.contains($0) })
          && !place.types.contains { excludedTypes.contains($0) }
          && (includedPrimaryTypes.isEmpty || includedPrimaryTypes.contains(primary))
          && !excludedPrimaryTypes.contains(primary)
      }
    let ordered =
      switch rankPreference {
      case .popularity:
        candidates.sorted { lhs, rhs in
          lhs.place.prominence != rhs.place.prominence
            ? lhs.place.prominence > rhs.place.prominence : lhs.place.id < rhs.place.id
        }
      case .distance:
        candidates.sorted { lhs, rhs in
          lhs.distance != rhs.distance ? lhs.distance < rhs.distance : lhs.place.id < rhs.place.id
        }
      }
    return ordered.prefix(maxResultCount).map(\.place)
  }
}
