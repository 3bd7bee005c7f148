extension NearbySearchQuery {
  /// Why a request was refused, as Google words it.
  public struct Rejection: Error, Sendable, Equatable {
    /// The `status` to answer with, such as `INVALID_REQUEST`.
    public var status: String
    /// The `error_message`, or `nil` for none.
    public var message: String?
  }

  /// Reads and validates the query parameters of a legacy Nearby Search request.
  ///
  /// Follows Google's rules: `location` is required; `radius` must be in (0, 50 000] and is
  /// required for prominence ranking and forbidden with `rankby=distance`, which needs one of
  /// `keyword`, `name` or `type`; `type` keeps only its first `|`-separated value; `minprice`
  /// and `maxprice` must be 0–4 when numeric and are ignored when not (Google's Python client
  /// sends `None` for them); `language` and unknown parameters are ignored.
  ///
  /// - Parameter parameters: The decoded query parameters.
  /// - Returns: The query, or the rejection to answer with.
  public static func parse(
    _ parameters: [(name: String, value: String)]
  ) -> Result<NearbySearchQuery, Rejection> {
    func value(_ name: String) -> String? {
      parameters.first { $0.name == name }.map(\.value)
    }
    func nonEmpty(_ name: String) -> String? {
      value(name).flatMap { $0.isEmpty ? nil : $0 }
    }
    func invalid(_ message: String) -> Result<NearbySearchQuery, Rejection> {
      .failure(Rejection(status: "INVALID_REQUEST", message: "Invalid request. \(message)"))
    }

    guard let location = nonEmpty("location") else {
      return invalid("Missing the 'location' parameter.")
    }
    let parts = location.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2,
      let latitude = Double(parts[0].trimmingCharacters(in: .whitespaces)),
      let longitude = Double(parts[1].trimmingCharacters(in: .whitespaces)),
      (-90.0...90.0).contains(latitude), (-180.0...180.0).contains(longitude)
    else {
      return invalid("Invalid 'location' parameter.")
    }

    let rankBy: RankBy
    switch nonEmpty("rankby")?.lowercased() {
    case nil, "prominence": rankBy = .prominence
    case "distance": rankBy = .distance
    default: return invalid("Invalid 'rankby' parameter.")
    }

    var radius: Double?
    if let text = nonEmpty("radius") {
      guard let metres = Double(text.trimmingCharacters(in: .whitespaces)), metres.isFinite,
        metres > 0, metres <= maximumRadius
      else {
        return invalid("Invalid 'radius' parameter.")
      }
      radius = metres
    }

    let type = nonEmpty("type").flatMap { types in
      types.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }.flatMap { $0.isEmpty ? nil : $0 }
    let keyword = nonEmpty("keyword")
    let name = nonEmpty("name")

    switch rankBy {
    case .prominence where radius == nil:
      return invalid("Missing the 'radius' parameter.")
    case .distance where radius != nil:
      return invalid("The 'radius' parameter must not be included if 'rankby=distance'.")
    case .distance where keyword == nil && name == nil && type == nil:
      return invalid(
        "When 'rankby=distance' is specified, one of 'keyword', 'name' or 'type' is required."
      )
    default: break
    }

    var prices: [Int?] = []
    for parameter in ["minprice", "maxprice"] {
      guard let text = nonEmpty(parameter), let level = Double(text) else {
        prices.append(nil)
        continue
      }
      guard level == level.rounded(), (0...4).contains(level) else {
        return invalid("Invalid '\(parameter)' parameter.")
      }
      prices.append(Int(level))
    }

    let openNow = value("opennow").map { !["false", "0"].contains($0.lowercased()) } ?? false

    return .success(
      NearbySearchQuery(
        latitude: latitude,
        longitude: longitude,
        radius: radius,
        rankBy: rankBy,
        type: type,
        keyword: keyword,
        name: name,
        openNow: openNow,
        minPrice: prices[0],
        maxPrice: prices[1]
      )
    )
  }
}
