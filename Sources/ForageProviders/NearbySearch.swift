import ForageGeodesy

/// What to search for around a point: the query every ``PlacesProvider`` understands.
public struct NearbySearch: Sendable, Hashable {
  /// How results are chosen and ordered.
  public enum Ranking: Sendable, Hashable {
    /// The most prominent places within `radius` metres (0 < radius ≤ ``NearbySearch/maximumRadius``).
    case prominence(radius: Double)
    /// The nearest places first, with no radius; needs a ``NearbySearch/keyword`` or
    /// ``NearbySearch/type``.
    case distance
  }

  /// The centre of the search.
  public var location: Coordinate
  /// How results are chosen and ordered.
  public var ranking: Ranking
  /// One place type, such as `restaurant`.
  public var type: String?
  /// A term matched against names, types and other content, such as `vegan pizza`.
  public var keyword: String?
  /// Whether only places open now are wanted.
  public var openNow: Bool
  /// The lowest price level wanted, 0–4.
  public var minPrice: Int?
  /// The highest price level wanted, 0–4.
  public var maxPrice: Int?
  /// The language of names and addresses, such as `fi` or `en`.
  public var language: String?

  /// The largest radius the Places APIs accept, in metres: the one radius limit every option,
  /// search and recording is checked against.
  public static let maximumRadius = 50_000.0

  /// Creates a search.
  public init(
    location: Coordinate,
    ranking: Ranking,
    type: String? = nil,
    keyword: String? = nil,
    openNow: Bool = false,
    minPrice: Int? = nil,
    maxPrice: Int? = nil,
    language: String? = nil
  ) {
    self.location = location
    self.ranking = ranking
    self.type = type
    self.keyword = keyword
    self.openNow = openNow
    self.minPrice = minPrice
    self.maxPrice = maxPrice
    self.language = language
  }

  /// Checks the search before any request is spent on it.
  ///
  /// - Throws: ``PlacesError/invalidSearch(_:)`` naming what is wrong.
  public func validate() throws(PlacesError) {
    switch ranking {
    case .prominence(let radius):
      guard radius.isFinite, radius > 0, radius <= Self.maximumRadius else {
        throw .invalidSearch(
          "radius \(radius) m is outside 0 < radius ≤ \(Int(Self.maximumRadius))"
        )
      }
    case .distance:
      guard !(keyword ?? "").isEmpty || !(type ?? "").isEmpty else {
        throw .invalidSearch("ranking by distance needs a keyword or a type")
      }
    }
    for (name, level) in [("minPrice", minPrice), ("maxPrice", maxPrice)] {
      if let level, !(0...4).contains(level) {
        throw .invalidSearch("\(name) \(level) is outside 0…4")
      }
    }
  }
}
