import ForagePlaceDataset
import ForagePlaceModel
import Foundation

extension NearbySearchQuery {
  /// The results of this query over a dataset: filtered, ordered, and capped at 60.
  ///
  /// Places are kept when within the geodesic radius (50 km when ranking by distance), of the
  /// requested type, matching every term of `keyword` (in name, types or cuisine) and of `name`
  /// (in the name), open when `opennow` is asked, with a known price level in range when
  /// `minprice`/`maxprice` are given, and not closed unless a keyword is given. Prominence order
  /// is rating × ln(1 + ratings count), descending; distance order is nearest first; ties go to
  /// the smaller id.
  ///
  /// - Parameter dataset: The places to search.
  /// - Returns: At most ``maximumResults`` places, best first.
  public func results(in dataset: PlaceDataset) -> [Place] {
    let reach = radius ?? Self.maximumRadius
    let candidates = dataset.places(within: reach, ofLatitude: latitude, longitude: longitude)
      .filter { matches($0.place) }
    let ordered: [(place: Place, distance: Double)]
    switch rankBy {
    case .prominence:
      ordered = candidates.map { ($0, $0.place.prominence) }.sorted { lhs, rhs in
        lhs.1 != rhs.1 ? lhs.1 > rhs.1 : lhs.0.place.id < rhs.0.place.id
      }.map(\.0)
    case .distance:
      ordered = candidates.sorted { lhs, rhs in
        lhs.distance != rhs.distance ? lhs.distance < rhs.distance : lhs.place.id < rhs.place.id
      }
    }
    return ordered.prefix(Self.maximumResults).map(\.place)
  }

  /// Whether a place passes every filter but the radius.
  func matches(_ place: Place) -> Bool {
    if let type, !place.types.contains(where: { $0.lowercased() == type }) { return false }
    if keyword == nil, place.isClosed { return false }
    if openNow, place.openNow != true { return false }
    if minPrice != nil || maxPrice != nil {
      guard let level = place.priceLevel, level >= minPrice ?? 0, level <= maxPrice ?? 4 else {
        return false
      }
    }
    if let keyword {
      let haystack =
        [place.wireName] + place.types.map { $0.replacingOccurrences(of: "_", with: " ") }
        + place.keywords
      guard Self.allTerms(of: keyword, occurIn: haystack) else { return false }
    }
    if let name, !Self.allTerms(of: name, occurIn: [place.wireName]) { return false }
    return true
  }

  /// Whether the whole phrase, or else each of its whitespace-separated terms, occurs in one of
  /// the texts, ignoring case and diacritics.
  static func allTerms(of phrase: String, occurIn texts: [String]) -> Bool {
    func occurs(_ term: some StringProtocol) -> Bool {
      texts.contains {
        $0.range(of: term, options: [.caseInsensitive, .diacriticInsensitive]) != nil
      }
    }
    if occurs(phrase) { return true }
    let terms = phrase.split(whereSeparator: \.isWhitespace)
    return !terms.isEmpty && terms.allSatisfy { occurs($0) }
  }
}
