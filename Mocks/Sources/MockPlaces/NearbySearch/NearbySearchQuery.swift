/// A validated legacy Nearby Search query, as Google reads one.
public struct NearbySearchQuery: Sendable, Equatable {
  /// How results are ordered.
  public enum RankBy: String, Sendable, Equatable {
    /// By rating × ln(1 + ratings count), the default; needs `radius`.
    case prominence
    /// Nearest first; forbids `radius` and needs `keyword`, `name` or `type`.
    case distance
  }

  /// The search centre's latitude in degrees.
  public var latitude: Double
  /// The search centre's longitude in degrees.
  public var longitude: Double
  /// The radius in metres (0 < radius ≤ 50 000), or `nil` when ranking by distance.
  public var radius: Double?
  /// The order of results.
  public var rankBy: RankBy
  /// The one place type required, lowercased.
  public var type: String?
  /// Terms matched against names, types and cuisines.
  public var keyword: String?
  /// Terms matched against names only.
  public var name: String?
  /// Whether only places known to be open now are wanted.
  public var openNow: Bool
  /// The lowest acceptable price level (0–4).
  public var minPrice: Int?
  /// The highest acceptable price level (0–4).
  public var maxPrice: Int?

  /// The largest radius Google accepts, in metres; also the reach of a distance-ranked search.
  public static let maximumRadius = 50_000.0
  /// The most results one search returns over all its pages.
  public static let maximumResults = 60
  /// The most results on one page.
  public static let pageSize = 20

  /// Creates a query without validating it.
  public init(
    latitude: Double,
    longitude: Double,
    radius: Double?,
    rankBy: RankBy = .prominence,
    type: String? = nil,
    keyword: String? = nil,
    name: String? = nil,
    openNow: Bool = false,
    minPrice: Int? = nil,
    maxPrice: Int? = nil
  ) {
    self.latitude = latitude
    self.longitude = longitude
    self.radius = radius
    self.rankBy = rankBy
    self.type = type
    self.keyword = keyword
    self.name = name
    self.openNow = openNow
    self.minPrice = minPrice
    self.maxPrice = maxPrice
  }
}
