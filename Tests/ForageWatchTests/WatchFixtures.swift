import ForageFinder
import ForageGeodesy
import ForagePlaceModel
import Foundation

/// Places and events as the watch tests build them.
enum WatchFixtures {
  /// The origin of every answer: Helsinki's Rautatientori.
  static let origin = (latitude: 60.1710, longitude: 24.9440)

  /// A place `distance` metres north of ``origin``.
  static func place(
    _ id: String,
    name: String?,
    distance: Double,
    rating: Double? = 4.2
  )
    -> NearbyPlace
  {
    let coordinate = Geodesic.destination(
      from: Coordinate(unchecked: origin.latitude, longitude: origin.longitude),
      azimuth: 0,
      distance: distance
    )
    return NearbyPlace(
      Place(
        id: id,
        name: name,
        coordinate: coordinate,
        rating: rating,
        types: ["restaurant"],
        provenance: .googleNearbySearch
      ),
      distance: distance
    )
  }

  /// A `places` event at `seconds` after the epoch with these places.
  static func answer(_ places: [NearbyPlace], at seconds: Double, seq: Int = 0) -> FinderEvent {
    FinderEvent(
      seq: seq,
      time: Date(timeIntervalSince1970: seconds),
      payload: .places(
        fixIndex: seq,
        latitude: origin.latitude,
        longitude: origin.longitude,
        radius: 500,
        source: .network,
        places: places
      )
    )
  }

  /// Names nobody should trust: control characters, an escape sequence, bidirectional
  /// overrides, line breaks, wide and combining characters, and a very long name.
  static let hostileNames: [String?] = [
    "Plain Café", "\u{1B}[2J\u{1B}[31mRed", "Tab\there", "Line\nbreak", "Bell\u{07}",
    "\u{202E}desrever\u{202C}", "\u{2066}isolate\u{2069}", "寿司 ラーメン 餃子 天ぷら",
    "e\u{301}\u{301}\u{301}", "🍣🍜🍕🍔", "C1\u{9B}31m", String(repeating: "Long ", count: 80),
    nil, "",
  ]
}
