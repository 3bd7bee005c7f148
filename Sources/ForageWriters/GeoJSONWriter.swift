import ForageFinder
import ForagePlace
import ForageSupport

/// Writes a GeoJSON FeatureCollection at the end: the delivered track as a LineString and every
/// place found as a Point, so a user can drop the run on a map.
public final class GeoJSONWriter: EventWriter {
  /// What the writer remembers of a place across the run.
  private struct Seen {
    var place: Place
    var firstFixIndex: Int
    var nearestDistance: Double
    var timesListed: Int
  }

  private let sink: any TextSink
  private var track: [JSONValue] = []
  private var places: [String: Seen] = [:]
  private var order: [String] = []
  private var summary: RunSummary?

  /// Creates a writer over a sink.
  public init(sink: any TextSink) { self.sink = sink }

  public func write(_ event: FinderEvent) throws {
    switch event.payload {
    case .location(_, let latitude, let longitude, _):
      track.append(.array([.double(longitude), .double(latitude)]))
    case .places(let fixIndex, _, _, _, _, let found):
      for nearby in found {
        let id = nearby.place.id
        if var seen = places[id] {
          seen.nearestDistance = min(seen.nearestDistance, nearby.distance)
          seen.timesListed += 1
          places[id] = seen
        } else {
          places[id] = Seen(
            place: nearby.place,
            firstFixIndex: fixIndex,
            nearestDistance: nearby.distance,
            timesListed: 1
          )
          order.append(id)
        }
      }
    case .summary(let totals):
      summary = totals
    case .permission, .dropped, .lost, .error:
      break
    }
  }

  public func finish() throws {
    var features: [JSONValue] = []
    let trackGeometry: JSONValue =
      track.count == 1
      ? .object([("type", .string("Point")), ("coordinates", track[0])])
      : .object([("type", .string("LineString")), ("coordinates", .array(track))])
    if !track.isEmpty {
      var properties: [(String, JSONValue)] = [
        ("kind", .string("track")), ("fixes", .int(track.count)),
      ]
      if let summary { properties.append(("summary", .object(summary.jsonMembers()))) }
      features.append(
        .object([
          ("type", .string("Feature")), ("geometry", trackGeometry),
          ("properties", .object(properties)),
        ])
      )
    }
    for id in order {
      guard let seen = places[id] else { continue }
      var properties: [(String, JSONValue)] = [
        ("kind", .string("place")),
        ("id", .string(id)),
        ("name", .string(seen.place.name ?? "")),
        ("first_fix_index", .int(seen.firstFixIndex)),
        ("nearest_distance_m", .rounded(seen.nearestDistance, places: 3)),
        ("times_listed", .int(seen.timesListed)),
      ]
      if let rating = seen.place.rating { properties.append(("rating", .double(rating))) }
      if !seen.place.types.isEmpty {
        properties.append(("types", .array(seen.place.types.map(JSONValue.string))))
      }
      if let vicinity = seen.place.vicinity { properties.append(("vicinity", .string(vicinity))) }
      let point = JSONValue.object([
        ("type", .string("Point")),
        ("coordinates", .array([.double(seen.place.longitude), .double(seen.place.latitude)])),
      ])
      features.append(
        .object([
          ("type", .string("Feature")), ("geometry", point), ("properties", .object(properties)),
        ])
      )
    }
    let collection = JSONValue.object([
      ("type", .string("FeatureCollection")), ("features", .array(features)),
    ])
    try sink.write(collection.serialized + "\n")
    try sink.commit()
  }
}
