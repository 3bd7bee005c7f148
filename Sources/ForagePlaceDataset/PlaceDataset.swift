import ForagePlaceModel
import ForageSupport
import Foundation

/// The places in a GeoJSON FeatureCollection: the one loader for `forage nearby`, the finder's
/// `--dataset` and the mock Places server.
///
/// The rules, for every feature (see ``ForagePlaceModel/Place`` for the fields):
///
/// - **Position**: a `Point` geometry whose `coordinates` start with two numbers, longitude then
///   latitude, in range. Anything else (no geometry, a LineString, text, latitude 91, a feature
///   that is not an object) is skipped and reported.
/// - **Id**: `properties.place_id`, else `properties.id`, else the feature's own `id` (text as it
///   is, whole numbers exactly as written), else `feature-N` (its 0-based position). A later
///   feature with an id already used is skipped and reported.
/// - **Name**: `properties.name` when it is non-empty text. A place without one is **kept** (an
///   OpenStreetMap `amenity=restaurant` without a name is still the nearest restaurant) and
///   reported.
/// - **Types**: a `types` array of strings (or one string separated by `,`, `;` or `|`) as it
///   is; else OSM `amenity` or `shop` mapped to Google types by ``OSMPlaceTypes``
///   (`fast_food` → `meal_takeaway`, `restaurant`, `food`, …); else `point_of_interest`,
///   `establishment`.
/// - **Booleans** are only JSON `true`/`false` (`open_now`, `opening_hours.open_now`; the OSM
///   `opening_hours` text `24/7` also means open). They are never numbers or ids; as other
///   properties they read `true`/`false`.
/// - **Numbers** (`rating` 0–5, `user_ratings_total`, `price_level` 0–4 or `PRICE_LEVEL_…`) may
///   also be written as text; out-of-range values are ignored.
/// - `business_status` is `OPERATIONAL` unless it says `CLOSED_TEMPORARILY` or
///   `CLOSED_PERMANENTLY`; `vicinity` comes from `vicinity` or `addr:street`, `addr:housenumber`,
///   `addr:city`; `cuisine` and `diet:*=yes` become keywords; the OSM `opening_hours` text (or
///   a number, as text) becomes the place's ``ForagePlaceModel/Place/openingHours``, as written; every
///   other scalar property is kept as text in the place's `properties`.
///
/// **Attribution**: the collection's own `attribution` member (a foreign member, as OpenStreetMap
/// extracts carry it), else its `copyright` member (as overpass-turbo exports write it), when it
/// is non-empty text: the notice the data's licence asks for, which every output then carries.
///
/// The file is read with ForageSupport's ``JSONParser`` (exact numbers, errors by line and
/// column). A file with no usable place at all is an error.
public struct PlaceDataset: Sendable, Equatable {
  /// The places, in file order, with unique ids.
  public var places: [Place]
  /// What was noticed while loading, in file order: places kept without a name, features skipped.
  public var issues: [DatasetIssue]
  /// The notice the data's licence asks for (the file's `attribution` or `copyright` member), or
  /// `nil` when the file gives none.
  public var attribution: String?
  /// A line saying why an `attribution` or `copyright` member the file has could not be used
  /// (not text, or empty), or `nil`; ``report(limit:)`` starts with it.
  public var attributionProblem: String?

  /// Creates a dataset from places already in memory.
  ///
  /// - Parameters:
  ///   - places: The places. A later place with an id already seen is dropped and listed in
  ///     ``issues``.
  ///   - attribution: The notice the data's licence asks for, if any.
  public init(places: [Place], attribution: String? = nil) {
    self.places = []
    self.issues = []
    self.attribution = attribution
    var seen = Set<String>()
    for (index, place) in places.enumerated() {
      if seen.insert(place.id).inserted {
        self.places.append(place)
      } else {
        issues.append(
          DatasetIssue(
            file: "(memory)",
            line: nil,
            feature: index,
            id: place.id,
            problem: .duplicateID(firstLine: nil)
          )
        )
      }
    }
  }

  /// Creates a dataset from places and issues already sorted out.
  init(
    places: [Place],
    issues: [DatasetIssue],
    attribution: String?,
    attributionProblem: String? = nil
  ) {
    self.places = places
    self.issues = issues
    self.attribution = attribution
    self.attributionProblem = attributionProblem
  }

  /// Reads a dataset file.
  ///
  /// - Throws: ``PlaceDatasetError`` when the file cannot be read, is not a FeatureCollection
  ///   or holds no usable place.
  public static func load(contentsOf url: URL) throws(PlaceDatasetError) -> PlaceDataset {
    try load(path: url.path)
  }

  /// Reads a dataset named on a command line: a path, or `-` for standard input; a pipe or a
  /// FIFO is read once, as a file is.
  ///
  /// - Throws: ``PlaceDatasetError`` when the input cannot be read, is not a FeatureCollection
  ///   or holds no usable place.
  public static func load(path: String) throws(PlaceDatasetError) -> PlaceDataset {
    let bytes: [UInt8]
    do {
      bytes = try InputFile.readText(path)
    } catch {
      throw .unreadable(file: error.path, reason: error.reason)
    }
    return try parse(Data(bytes), file: InputFile.displayName(path))
  }

  /// The lines a tool prints on standard error about this dataset, nothing when all is well:
  /// one line per skipped feature (the first `limit` of them), then one line that counts the
  /// places, those without a name (and where the first is) and the features skipped.
  ///
  /// Places without a name are counted rather than listed one a line: an OpenStreetMap extract
  /// can hold thousands, and they are kept.
  ///
  /// - Parameter limit: The most lines about skipped features.
  public func report(limit: Int = 20) -> [String] {
    let problem = attributionProblem.map { [$0] } ?? []
    guard let file = issues.first?.file else { return problem }
    let skipped = issues.filter(\.isSkipped)
    var lines = problem + skipped.prefix(limit).map(\.description)
    if skipped.count > limit {
      lines.append("\(file): \(skipped.count - limit) more features skipped")
    }
    var summary = "\(file): " + Self.counted(places.count, "place")
    let unnamed = issues.filter { $0.problem == .unnamed }
    if let first = unnamed.first {
      summary += ", \(unnamed.count) without a \"name\" (kept"
      summary += first.line.map { "; the first at line \($0))" } ?? ")"
    }
    summary += "; " + Self.counted(skipped.count, "feature") + " skipped"
    lines.append(summary)
    return lines
  }

  /// `1 place`, `2 places`.
  private static func counted(_ count: Int, _ noun: String) -> String {
    count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
  }
}
