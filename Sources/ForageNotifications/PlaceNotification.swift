import ForageFinder
import ForagePlaceModel
import ForageSupport
import Foundation

/// What the notification middleware POSTs when a place enters the answer for the first time in
/// a run: the place, the fix that found it, and how far it was.
///
/// ```json
/// {"event":"place_entered","place":{"id":"…","name":"…","lat":60.17,"lon":24.94,"distance_m":87.5,…},
///  "fix":{"index":12,"lat":60.1699,"lon":24.9384,"time":"2026-06-12T11:30:12Z"},"distance_m":87.5}
/// ```
public struct PlaceNotification: Sendable, Equatable {
  /// The place, as `places` events list it.
  public var place: NearbyPlace
  /// The index of the fix whose answer it entered.
  public var fixIndex: Int
  /// Where the fix was.
  public var latitude: Double
  /// Where the fix was.
  public var longitude: Double
  /// The fix's time on the replay clock.
  public var time: Date

  /// Creates a notification.
  public init(place: NearbyPlace, fixIndex: Int, latitude: Double, longitude: Double, time: Date) {
    self.place = place
    self.fixIndex = fixIndex
    self.latitude = latitude
    self.longitude = longitude
    self.time = time
  }

  /// The JSON body.
  public func json() -> JSONValue {
    .object([
      ("event", .string("place_entered")),
      ("place", place.json()),
      (
        "fix",
        .object([
          ("index", .int(fixIndex)),
          ("lat", .double(latitude)),
          ("lon", .double(longitude)),
          ("time", .string(ISO8601.format(time))),
        ])
      ),
      ("distance_m", .rounded(place.distance, places: 3)),
    ])
  }
}
