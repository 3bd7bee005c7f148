import ForageGeodesy
import ForageSupport

/// One place in a `places` event: what a script needs, nearest first.
public struct PlaceResult: Sendable {
  /// The provider's stable id (`place_id` for Google).
  public var id: String { didSet { prewritten = nil } }
  /// The display name.
  public var name: String { didSet { prewritten = nil } }
  /// Latitude in degrees.
  public var latitude: Double { didSet { prewritten = nil } }
  /// Longitude in degrees.
  public var longitude: Double { didSet { prewritten = nil } }
  /// The geodesic (WGS84) distance from the fix, in metres.
  ///
  /// An answer from the finder's cache carries it deferred (``measurement``): it is measured
  /// when read, usually by the output writer on its own thread, so read it once.
  public var distance: Double {
    get { measurement.metres }
    set { measurement = .measured(newValue) }
  }
  /// The distance, measured or deferred until it is read.
  public var measurement: GeodesicDistance
  /// The JSON around the distance, when ``prewrite()`` made it (cleared by any change but the
  /// distance's).
  private(set) var prewritten: PrewrittenJSON?
  /// The average rating, 1.0 to 5.0, when known.
  public var rating: Double? { didSet { prewritten = nil } }
  /// The provider's types, when known.
  public var types: [String]? { didSet { prewritten = nil } }
  /// A short address, when known.
  public var vicinity: String? { didSet { prewritten = nil } }
  /// Whether the place is open now, when known.
  public var isOpenNow: Bool? { didSet { prewritten = nil } }

  /// Creates a place result.
  public init(
    id: String,
    name: String,
    latitude: Double,
    longitude: Double,
    distance: Double,
    rating: Double? = nil,
    types: [String]? = nil,
    vicinity: String? = nil,
    isOpenNow: Bool? = nil
  ) {
    self.id = id
    self.name = name
    self.latitude = latitude
    self.longitude = longitude
    measurement = .measured(distance)
    self.rating = rating
    self.types = types
    self.vicinity = vicinity
    self.isOpenNow = isOpenNow
  }

  /// The JSON object written in `places` events, the value ``write(to:)`` writes.
  public var json: JSONValue { JSONValue.parsing(written: write(to:)) }
}

extension PlaceResult: Equatable {
  /// Two results are equal when every field is, the distance compared as a number (a deferred
  /// one is measured).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.id == rhs.id && lhs.name == rhs.name && lhs.latitude == rhs.latitude
      && lhs.longitude == rhs.longitude && lhs.distance == rhs.distance
      && lhs.rating == rhs.rating && lhs.types == rhs.types && lhs.vicinity == rhs.vicinity
      && lhs.isOpenNow == rhs.isOpenNow
  }
}

extension PlaceResult {
  /// The bytes of a place's JSON object before and after its distance.
  final class PrewrittenJSON: Sendable {
    /// Up to and including `"distance_m":`.
    let head: [UInt8]
    /// From the member after the distance to the closing brace.
    let tail: [UInt8]

    init(head: [UInt8], tail: [UInt8]) {
      self.head = head
      self.tail = tail
    }
  }

  /// Writes the JSON around the distance once, for a place listed in many answers (the finder's
  /// known places): ``write(to:)`` then copies it and writes only the distance.
  mutating func prewrite() {
    var head = JSONOutput()
    writeHead(to: &head)
    var tail = JSONOutput()
    writeTail(to: &tail)
    prewritten = PrewrittenJSON(head: head.bytes, tail: tail.bytes)
  }
}
