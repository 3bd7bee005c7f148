import ForageLocation
import ForageSupport
import Foundation

/// The first line of a recording: the format's version and the settings the reducer depends on
/// (the fix filter and `--changes-only`), so a replay reduces exactly as the run did.
struct RecordingHeader: Equatable {
  /// The recording format's version.
  static let version = 1

  /// The fix filter the run used.
  var filter: FixFilter
  /// Whether the run wrote only changed answers.
  var isChangesOnly: Bool

  /// The header as one JSON object.
  var recorded: JSONValue {
    .object([
      ("forage_recording", .int(Self.version)),
      ("changes_only", .bool(isChangesOnly)),
      (
        "filter",
        .object([
          ("distance_filter_m", .double(filter.distanceFilter)),
          ("maximum_accuracy_m", .optional(filter.maximumAccuracy, JSONValue.double)),
          ("maximum_age_s", .optional(filter.maximumAge) { .double($0.seconds) }),
          ("maximum_speed_mps", .double(filter.maximumSpeed)),
          ("reduced_accuracy_interval_s", .double(filter.reducedAccuracyInterval.seconds)),
          ("reduced_accuracy_grid_deg", .double(filter.reducedAccuracyGrid)),
        ])
      ),
    ])
  }

  /// Creates a header.
  init(filter: FixFilter, isChangesOnly: Bool) {
    self.filter = filter
    self.isChangesOnly = isChangesOnly
  }

  /// Reads a header back.
  init(recorded object: [String: Any]) throws(RecordedValueError) {
    let fields = RecordedFields(object)
    guard try fields.int("forage_recording") == Self.version else {
      throw RecordedValueError("\"forage_recording\": \(Self.version)")
    }
    guard let filter = object["filter"] as? [String: Any] else {
      throw RecordedValueError("\"filter\" as an object")
    }
    let settings = RecordedFields(filter)
    self.init(
      filter: FixFilter(
        distanceFilter: try settings.double("distance_filter_m"),
        maximumAccuracy: try settings.optionalDouble("maximum_accuracy_m"),
        maximumAge: try settings.optionalDouble("maximum_age_s").map {
          .milliseconds(Int64(($0 * 1000).rounded()))
        },
        maximumSpeed: try settings.double("maximum_speed_mps"),
        reducedAccuracyInterval: .milliseconds(
          Int64((try settings.double("reduced_accuracy_interval_s") * 1000).rounded())
        ),
        reducedAccuracyGrid: try settings.double("reduced_accuracy_grid_deg")
      ),
      isChangesOnly: try fields.bool("changes_only")
    )
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    let (whole, fraction) = components
    return Double(whole) + Double(fraction) / 1e18
  }
}
