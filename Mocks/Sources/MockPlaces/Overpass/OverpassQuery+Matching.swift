import ForagePlaceDataset
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension OverpassQuery {
  /// The mean Earth radius Overpass measures `around` with, in metres: it works on a sphere, not
  /// on the WGS84 ellipsoid, so its distances differ from the geodesic by up to about 0.5 %.
  static let sphereRadius = 6_371_000.0

  /// The elements the query selects from a dataset, in dataset order.
  ///
  /// - Parameter dataset: The places.
  /// - Returns: The matching elements, or the error message for a regular expression POSIX
  ///   `regcomp` refuses (Overpass compiles them the same way).
  func elements(in dataset: PlaceDataset) -> Result<[OverpassElement], OverpassSyntaxError> {
    var patterns: [String: PosixRegex] = [:]
    for case .matches(_, let regex, let caseInsensitive, _) in filters {
      guard let compiled = PosixRegex(regex, caseInsensitive: caseInsensitive) else {
        return .failure(
          OverpassSyntaxError(line: 1, message: "Invalid regular expression: \"\(regex)\"")
        )
      }
      patterns["\(caseInsensitive)\(regex)"] = compiled
    }
    let elements = dataset.places.map(OverpassElement.init).filter { element in
      guard type == .nwr || type.rawValue == element.type else { return false }
      if let around {
        let distance = Self.sphereDistance(
          (around.latitude, around.longitude),
          (element.latitude, element.longitude)
        )
        guard distance <= around.radius else { return false }
      }
      return filters.allSatisfy { filter in
        switch filter {
        case .exists(let key): return element.tags[key] != nil
        case .equals(let key, let value, let negated):
          return (element.tags[key] == value) != negated
        case .matches(let key, let regex, let caseInsensitive, let negated):
          guard let value = element.tags[key] else { return negated }
          return patterns["\(caseInsensitive)\(regex)"]!.matches(value) != negated
        }
      }
    }
    return .success(elements)
  }

  /// The great-circle distance on a sphere of ``sphereRadius`` (haversine), in metres.
  static func sphereDistance(
    _ from: (latitude: Double, longitude: Double),
    _ to: (latitude: Double, longitude: Double)
  ) -> Double {
    let radians = Double.pi / 180
    let dLat = (to.latitude - from.latitude) * radians
    let dLon = (to.longitude - from.longitude) * radians
    let a =
      sin(dLat / 2) * sin(dLat / 2)
      + cos(from.latitude * radians) * cos(to.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
    return 2 * sphereRadius * asin(min(1, a.squareRoot()))
  }
}

/// A POSIX extended regular expression, compiled by the C library as Overpass compiles its
/// `~` filters; freed with the value. Used within one request only (not `Sendable`).
final class PosixRegex {
  private var regex = regex_t()

  /// Compiles `pattern`; `nil` when `regcomp` refuses it.
  init?(_ pattern: String, caseInsensitive: Bool) {
    let flags = REG_EXTENDED | REG_NOSUB | (caseInsensitive ? REG_ICASE : 0)
    guard regcomp(&regex, pattern, flags) == 0 else { return nil }
  }

  deinit { regfree(&regex) }

  /// Whether the expression matches somewhere in `text`.
  func matches(_ text: String) -> Bool {
    regexec(&regex, text, 0, nil, 0) == 0
  }
}
