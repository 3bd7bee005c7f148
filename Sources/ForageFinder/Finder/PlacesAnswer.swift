import ForagePlaceModel

/// The answer for one delivered fix: the nearest places within the radius, nearest first.
public struct PlacesAnswer: Sendable, Equatable {
  /// The index of the fix in the track.
  public var fixIndex: Int
  /// Where the fix was.
  public var latitude: Double
  /// Where the fix was.
  public var longitude: Double
  /// The radius searched, in metres.
  public var radius: Double
  /// Whether a request was made for it, or the coverage cache knew.
  public var source: FinderEvent.Source
  /// The places, nearest first, ties by id.
  public var places: [NearbyPlace]

  /// Creates an answer.
  public init(
    fixIndex: Int,
    latitude: Double,
    longitude: Double,
    radius: Double,
    source: FinderEvent.Source,
    places: [NearbyPlace]
  ) {
    self.fixIndex = fixIndex
    self.latitude = latitude
    self.longitude = longitude
    self.radius = radius
    self.source = source
    self.places = places
  }
}

/// A places search that failed for one fix.
public struct PlacesFailure: Sendable, Equatable {
  /// The index of the fix the search was for.
  public var fixIndex: Int
  /// A stable, machine-readable kind, such as `over_query_limit` or `transport`.
  public var kind: String
  /// A sentence for people, with any API key redacted.
  public var message: String
  /// Whether the finder will try again for this fix.
  public var isRetrying: Bool
  /// Whether no later search can succeed either (a denied key, an unreachable API at start).
  public var isFatal: Bool

  /// Creates a failure.
  public init(
    fixIndex: Int,
    kind: String,
    message: String,
    isRetrying: Bool,
    isFatal: Bool
  ) {
    self.fixIndex = fixIndex
    self.kind = kind
    self.message = message
    self.isRetrying = isRetrying
    self.isFatal = isFatal
  }
}
