/// What the finder looks for at every fix: the `limit` nearest places of a type within a radius.
public struct PlacesQuery: Sendable, Hashable {
  /// The search radius in metres, 0 < radius ≤ 50 000.
  public var radius: Double
  /// How many places an answer holds at most (K).
  public var limit: Int
  /// The place type, such as `restaurant`, or `nil` for any.
  public var type: String?
  /// A keyword, such as `vegan`, or `nil`.
  public var keyword: String?
  /// Whether an answer holds only places open at the fix's time (`--open`): then it is the K
  /// nearest open places within R, and places whose hours cannot tell are left out.
  public var isOpenOnly: Bool

  /// Creates a query.
  public init(
    radius: Double = 500,
    limit: Int = 20,
    type: String? = "restaurant",
    keyword: String? = nil,
    isOpenOnly: Bool = false
  ) {
    self.radius = radius
    self.limit = limit
    self.type = type
    self.keyword = keyword
    self.isOpenOnly = isOpenOnly
  }
}
