import ForageGeodesy
import Foundation

/// A `forage nearby` search: which places file, around what, how far, how many, and whether
/// open at a time.
public struct NearbyRequest: Sendable {
  /// Where the search happens: around a point or along a track file.
  public enum Origin: Sendable, Equatable {
    /// Within the radius of one coordinate.
    case point(Coordinate)
    /// Within the radius of a track read from a file.
    case track(path: String)
  }

  /// The places dataset path.
  public var places: String
  /// The search origin.
  public var origin: Origin
  /// The radius in metres, above 0.
  public var radius: Double
  /// The most places to list.
  public var limit: Int
  /// The type to keep, if any.
  public var type: String?
  /// The time `open_at_fix` is told at, or `nil`: then only hours that are the same at every
  /// time (`24/7`, `off`) tell it.
  public var time: Date?
  /// The zone OpenStreetMap hours are read in, or `nil`.
  public var timeZone: TimeZone?
  /// Whether only places open at ``time`` are listed.
  public var isOpenOnly: Bool
  /// The holiday calendar file, read when the search starts, or `nil`.
  public var publicHolidays: String?

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - places: The dataset path.
  ///   - origin: Around a point or along a track.
  ///   - radius: Metres, above 0.
  ///   - limit: The most places to list; `Int.max` for no limit.
  ///   - type: A place type such as `restaurant`, or `nil` for any.
  ///   - time: When `open_at_fix` is told, or `nil`.
  ///   - timeZone: The zone OpenStreetMap hours are read in, or `nil`.
  ///   - isOpenOnly: Whether to list only places open at `time`.
  ///   - publicHolidays: A file of public holidays, or `nil`.
  public init(
    places: String,
    origin: Origin,
    radius: Double,
    limit: Int = .max,
    type: String? = nil,
    time: Date? = nil,
    timeZone: TimeZone? = nil,
    isOpenOnly: Bool = false,
    publicHolidays: String? = nil
  ) {
    self.places = places
    self.origin = origin
    self.radius = radius
    self.limit = limit
    self.type = type
    self.time = time
    self.timeZone = timeZone
    self.isOpenOnly = isOpenOnly
    self.publicHolidays = publicHolidays
  }
}
