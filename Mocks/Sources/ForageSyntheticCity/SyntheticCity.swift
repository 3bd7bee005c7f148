import ForagePlaceDataset
import ForagePlaceModel
import ForageSupport
import Foundation

/// A generated city and a walk through it, the same for a seed on every machine: the places as a
/// GeoJSON dataset the mock serves, the walk as a 1 Hz GPX track.
///
/// Made to measure how many requests the finder's coverage policy spends where places are dense
/// (issue 12): a ``Kind/dense`` centre has about 840 restaurants within 500 m, a ``Kind/sparse``
/// village about 10 (fewer than a page). The walk follows a 100 m street grid from the centre at
/// a steady speed (1.4 m/s, a walk, by default; 0 is a receiver standing still), mostly straight
/// on, turning at some crossings and heading back once it is 900 m out, with 2 m of GPS noise on
/// each fix.
public struct SyntheticCity: Sendable {
  /// How crowded the city is.
  public enum Kind: String, Sendable, CaseIterable {
    /// Restaurants in a Gaussian cluster (σ 1 km): about 840 within 500 m of the centre.
    case dense
    /// Restaurants spread evenly over a 4 km disk: about 10 within 500 m of any point inside.
    case sparse
  }

  /// One fix of the walk.
  public struct WalkPoint: Sendable, Equatable {
    /// Degrees.
    public var latitude: Double
    /// Degrees.
    public var longitude: Double
  }

  /// The city's centre, where the walk starts (an invented place on the Helsinki latitude).
  public static let centre = (latitude: 60.2, longitude: 25.1)
  /// The walk's first fix's time; the rest follow at 1 Hz.
  public static let start = Date(timeIntervalSince1970: 1_781_263_800)
  /// Walking speed, metres per second: the walk's speed unless told another.
  public static let walkingSpeed = 1.4

  /// How crowded the city is.
  public let kind: Kind
  /// The generator's seed: the same seed and kind give the same bytes.
  public let seed: UInt64
  /// Restaurants, with cafés and bars (that a restaurant search must not return) among them.
  public let places: [Place]
  /// How fast the walk moves, metres per second.
  public let speed: Double
  /// One point a second.
  public let walk: [WalkPoint]

  /// Generates a city and a walk of `fixes` points.
  ///
  /// - Parameters:
  ///   - kind: How crowded the city is.
  ///   - seed: The generator's seed: the same seed, kind and speed give the same bytes.
  ///   - fixes: How many 1 Hz points the walk has.
  ///   - speed: Metres per second along the streets: 1.4 walks, 4 runs, 14 drives, and 0 stands
  ///     still at the centre (only the GPS noise moves the fixes).
  public init(kind: Kind, seed: UInt64 = 12, fixes: Int = 2_400, speed: Double = walkingSpeed) {
    self.kind = kind
    self.seed = seed
    self.speed = speed
    var random = SplitMix64(seed: seed ^ (kind == .dense ? 0xD3 : 0x5A))
    places = Self.places(kind, using: &random)
    walk = Self.walk(fixes: fixes, speed: speed, using: &random)
  }

  /// Metres east and north of the centre as a coordinate (equirectangular: the city is small).
  static func coordinate(east: Double, north: Double) -> (latitude: Double, longitude: Double) {
    let metresPerDegree = 111_320.0
    let latitude = centre.latitude + north / metresPerDegree
    let longitude =
      centre.longitude + east / (metresPerDegree * cos(centre.latitude * .pi / 180))
    return (latitude, longitude)
  }

  /// The city's places: restaurants, then cafés and bars, with OpenStreetMap-style ids
  /// (`osm-node-1`, …) so that every wire format the mock speaks, Overpass's too, reports the
  /// dataset's ids.
  private static func places(_ kind: Kind, using random: inout SplitMix64) -> [Place] {
    let restaurants = kind == .dense ? 7_150 : 600
    let others = kind == .dense ? 2_400 : 200
    var places: [Place] = []
    places.reserveCapacity(restaurants + others)
    for index in 0..<(restaurants + others) {
      let east: Double
      let north: Double
      switch kind {
      case .dense:
        east = 1_000 * random.gaussian()
        north = 1_000 * random.gaussian()
      case .sparse:
        let distance = 4_000 * random.unit().squareRoot()
        let angle = 2 * Double.pi * random.unit()
        east = distance * cos(angle)
        north = distance * sin(angle)
      }
      let position = coordinate(east: east, north: north)
      let amenity =
        index < restaurants ? "restaurant" : (index.isMultiple(of: 2) ? "cafe" : "bar")
      places.append(
        Place.dataset(
          id: "osm-node-\(index + 1)",
          name: "\(amenity.capitalized) \(index)",
          latitude: position.latitude,
          longitude: position.longitude,
          types: OSMPlaceTypes.types(amenity: amenity, shop: nil) ?? OSMPlaceTypes.establishment
        )
      )
    }
    return places
  }

  /// The walk: along the street grid from the centre, a fix a second.
  private static func walk(
    fixes: Int,
    speed: Double,
    using random: inout SplitMix64
  ) -> [WalkPoint] {
    let block = 100.0
    // Position along the grid in metres, and the unit direction of travel.
    var east = 0.0
    var north = 0.0
    var direction = (east: 1.0, north: 0.0)
    var toNextCrossing = block
    var points: [WalkPoint] = []
    points.reserveCapacity(fixes)
    for _ in 0..<fixes {
      let position = coordinate(
        east: east + 2 * random.gaussian(),
        north: north + 2 * random.gaussian()
      )
      points.append(WalkPoint(latitude: position.latitude, longitude: position.longitude))
      var step = speed
      while step > 0 {
        let move = min(step, toNextCrossing)
        east += direction.east * move
        north += direction.north * move
        step -= move
        toNextCrossing -= move
        if toNextCrossing <= 1e-9 {
          toNextCrossing = block
          direction = turn(direction, at: (east, north), using: &random)
        }
      }
    }
    return points
  }

  /// The direction to take at a crossing: straight on 70 % of the time, else left or right; never back,
  /// and once 900 m out, a way that leads in.
  private static func turn(
    _ direction: (east: Double, north: Double),
    at position: (east: Double, north: Double),
    using random: inout SplitMix64
  ) -> (east: Double, north: Double) {
    let left = (east: -direction.north, north: direction.east)
    let right = (east: direction.north, north: -direction.east)
    let draw = random.unit()
    var choice = draw < 0.7 ? direction : (draw < 0.85 ? left : right)
    let isFar = (position.east * position.east + position.north * position.north) > 900 * 900
    if isFar {
      let inward = [direction, left, right].min {
        $0.east * position.east + $0.north * position.north
          < $1.east * position.east + $1.north * position.north
      }
      choice = inward ?? choice
    }
    return choice
  }

  /// The places as a GeoJSON FeatureCollection of Points (`id`, `name`, `amenity`), one feature a
  /// line.
  public func geoJSON() -> String {
    var text = "{\"type\":\"FeatureCollection\",\"features\":[\n"
    text.reserveCapacity(places.count * 160)
    for (index, place) in places.enumerated() {
      let amenity =
        ["restaurant", "cafe", "bar"].first { place.types.contains($0) } ?? "restaurant"
      text +=
        "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":["
        + Self.degrees(place.coordinate.longitude) + "," + Self.degrees(place.coordinate.latitude)
        + "]},\"properties\":{\"id\":\"\(place.id)\",\"name\":\"\(place.name ?? "")\","
        + "\"amenity\":\"\(amenity)\"}}" + (index + 1 < places.count ? ",\n" : "\n")
    }
    text += "]}\n"
    return text
  }

  /// The walk as a GPX 1.1 track, a point a second from ``start``.
  public func gpx() -> String {
    let formatter = ISO8601DateFormatter()
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="synthetic-city" xmlns="http://www.topografix.com/GPX/1/1">
      <trk><name>\(kind.rawValue) walk, seed \(seed)\(speedNote)</name><trkseg>\n
      """
    text.reserveCapacity(walk.count * 90)
    for (index, point) in walk.enumerated() {
      let time = formatter.string(from: Self.start.addingTimeInterval(Double(index)))
      text +=
        "<trkpt lat=\"\(Self.degrees(point.latitude))\" lon=\"\(Self.degrees(point.longitude))\">"
        + "<time>\(time)</time></trkpt>\n"
    }
    text += "</trkseg></trk></gpx>\n"
    return text
  }

  /// The walk's speed for its name when it is not the walking speed: `, 4.0 m/s`.
  private var speedNote: String {
    speed == Self.walkingSpeed ? "" : String(format: ", %.1f m/s", speed)
  }

  /// Degrees with 7 decimals (about 1 cm).
  private static func degrees(_ value: Double) -> String {
    String(format: "%.7f", value)
  }
}
