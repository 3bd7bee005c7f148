import ForageFinder
import ForageLocation
import ForageSupport
import Foundation

/// The first line of a recording: the format's version and the settings the reducer depends on
/// (the fix filter, `--changes-only`, and the data's attribution when it has one), so a replay
/// reduces exactly as the run did.
///
/// `{"changes_only":false,"filter":{"distance_filter_m":0,"maximum_speed_mps":100,`
/// `"reduced_accuracy_grid_deg":0.05,"reduced_accuracy_interval_s":900},"forage_recording":2}`;
/// `maximum_accuracy_m`, `maximum_hdop` and `maximum_age_s` are there when the run set them
/// (`forage run` sets the first two). Durations are
/// seconds, read back to the millisecond. `attribution` is there when the places data needs one
/// (OpenStreetMap's, Google's, or a `--dataset` file's).
struct RecordingHeader: Equatable, Codable {
  /// The recording format's version, the one this forage writes.
  ///
  /// Version 2 spells every enumeration value in snake_case (`track_point`,
  /// `authorized_when_in_use`) and writes a place without a name as `null`; version 1 wrote
  /// camelCase and `""`. Both are read.
  static let version = 2
  /// The versions this forage reads.
  static let readableVersions = 1...2

  /// The fix filter the run used.
  var filter: FixFilter
  /// Whether the run wrote only changed answers.
  var isChangesOnly: Bool
  /// The notice the places data's licence requires, written in the summary; `nil` for none.
  var attribution: String?

  /// The members' names, stable across versions.
  enum CodingKeys: String, CodingKey {
    case version = "forage_recording"
    case isChangesOnly = "changes_only"
    case filter
    case attribution
  }

  /// The filter's members' names, stable across versions.
  enum FilterKeys: String, CodingKey {
    case distanceFilter = "distance_filter_m"
    case maximumAccuracy = "maximum_accuracy_m"
    case maximumHDOP = "maximum_hdop"
    case maximumAge = "maximum_age_s"
    case maximumSpeed = "maximum_speed_mps"
    case reducedAccuracyInterval = "reduced_accuracy_interval_s"
    case reducedAccuracyGrid = "reduced_accuracy_grid_deg"
  }

  /// Creates a header.
  init(filter: FixFilter, isChangesOnly: Bool, attribution: String? = nil) {
    self.filter = filter
    self.isChangesOnly = isChangesOnly
    self.attribution = attribution
  }

  /// Reads a header, refusing other versions and impossible settings.
  ///
  /// - Throws: `DecodingError` naming the member and what was expected.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard let version = try container.decodeIfPresent(Int.self, forKey: .version, atLeast: 0)
    else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: [], debugDescription: "a forage recording header")
      )
    }
    guard Self.readableVersions.contains(version) else {
      throw DecodingError.dataCorruptedError(
        forKey: .version,
        in: container,
        debugDescription:
          "as \(Self.readableVersions.lowerBound) to \(Self.readableVersions.upperBound) "
          + "(the versions this forage reads), not \(version)"
      )
    }
    let filter = try container.nestedContainer(keyedBy: FilterKeys.self, forKey: .filter)
    let positive = 0...Double.greatestFiniteMagnitude
    let span = 0...Duration.longestSeconds
    let grid = try filter.decode(Double.self, forKey: .reducedAccuracyGrid, in: 0...90)
    guard grid > 0 else {
      throw DecodingError.dataCorruptedError(
        forKey: .reducedAccuracyGrid,
        in: filter,
        debugDescription: "above 0 and at most 90, not 0"
      )
    }
    self.init(
      filter: FixFilter(
        distanceFilter: try filter.decode(Double.self, forKey: .distanceFilter, in: positive),
        maximumAccuracy: try filter.decodeIfPresent(
          Double.self,
          forKey: .maximumAccuracy,
          in: positive
        ),
        maximumHDOP: try filter.decodeIfPresent(Double.self, forKey: .maximumHDOP, in: positive),
        maximumAge: try filter.decodeIfPresent(Double.self, forKey: .maximumAge, in: span)
          .map(Self.duration),
        maximumSpeed: try filter.decode(Double.self, forKey: .maximumSpeed, in: positive),
        reducedAccuracyInterval: Self.duration(
          try filter.decode(Double.self, forKey: .reducedAccuracyInterval, in: span)
        ),
        reducedAccuracyGrid: grid
      ),
      isChangesOnly: try container.decode(Bool.self, forKey: .isChangesOnly),
      attribution: try container.decodeNonEmptyIfPresent(String.self, forKey: .attribution)
    )
  }

  /// Writes the header.
  ///
  /// - Throws: `EncodingError` for a setting JSON cannot hold (not a number, infinite).
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.version, forKey: .version)
    try container.encode(isChangesOnly, forKey: .isChangesOnly)
    try container.encodeIfPresent(attribution, forKey: .attribution)
    var nested = container.nestedContainer(keyedBy: FilterKeys.self, forKey: .filter)
    try nested.encode(filter.distanceFilter, forKey: .distanceFilter)
    try nested.encodeIfPresent(filter.maximumAccuracy, forKey: .maximumAccuracy)
    try nested.encodeIfPresent(filter.maximumHDOP, forKey: .maximumHDOP)
    try nested.encodeIfPresent(filter.maximumAge?.seconds, forKey: .maximumAge)
    try nested.encode(filter.maximumSpeed, forKey: .maximumSpeed)
    try nested.encode(
      filter.reducedAccuracyInterval.seconds,
      forKey: .reducedAccuracyInterval
    )
    try nested.encode(filter.reducedAccuracyGrid, forKey: .reducedAccuracyGrid)
  }

  /// A number of seconds as a duration, to the millisecond (checked against
  /// `Duration.longestSeconds` when decoded).
  private static func duration(_ seconds: Double) -> Duration {
    Duration.checkedSeconds(seconds) ?? .seconds(Int64(Duration.longestSeconds))
  }
}
