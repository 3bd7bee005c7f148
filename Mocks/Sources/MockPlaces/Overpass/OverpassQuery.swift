/// The subset of Overpass QL the mock runs: settings, one query statement of tag and `around`
/// filters, and one `out` statement.
///
/// `[out:json][timeout:25];nwr["amenity"="restaurant"]["name"~"pizza",i](around:500,60.17,24.94);out center;`
/// is the shape forage sends; users may also write `node`, `way` or `relation`, unquoted keys
/// and values, `!=`, `!~`, a key alone (`[name]`), `out body`, `out tags`, `out skel`,
/// `out ids`, `out meta`, `qt` and comments. ``OverpassQuery/parse(_:)`` reads it.
struct OverpassQuery: Equatable {
  /// Which element types a statement selects.
  enum ElementType: String, Equatable {
    case node, way, relation, nwr
  }

  /// One `[…]` tag filter.
  enum TagFilter: Equatable {
    /// `[key]`: the tag is present.
    case exists(String)
    /// `[key=value]` or `[key!=value]`.
    case equals(String, String, negated: Bool)
    /// `[key~regex]` or `[key!~regex]`, `,i` for case-insensitive.
    case matches(String, regex: String, caseInsensitive: Bool, negated: Bool)
  }

  /// How much of each element `out` prints.
  enum Verbosity: String, Equatable {
    case ids, skel, body, tags, meta

    /// Whether node coordinates are printed (not for `ids` and `tags`).
    var printsCoordinates: Bool { self == .skel || self == .body || self == .meta }
    /// Whether tags are printed.
    var printsTags: Bool { self == .body || self == .tags || self == .meta }
  }

  /// The element types selected.
  var type: ElementType
  /// The tag filters, all of which must hold.
  var filters: [TagFilter]
  /// `(around:RADIUS,LAT,LON)`: metres and degrees.
  var around: (radius: Double, latitude: Double, longitude: Double)?
  /// The `out` verbosity.
  var verbosity: Verbosity
  /// Whether ways and relations get a `center`.
  var printsCenter: Bool
  /// The `[timeout:N]` setting, in seconds.
  var timeout: Int

  static func == (lhs: OverpassQuery, rhs: OverpassQuery) -> Bool {
    lhs.type == rhs.type && lhs.filters == rhs.filters && lhs.verbosity == rhs.verbosity
      && lhs.printsCenter == rhs.printsCenter && lhs.timeout == rhs.timeout
      && lhs.around?.radius == rhs.around?.radius && lhs.around?.latitude == rhs.around?.latitude
      && lhs.around?.longitude == rhs.around?.longitude
  }
}
