import ForageFinder
import ForageSupport

/// Writes a GeoJSON FeatureCollection at the end: the delivered track as a LineString and every
/// place found as a Point, so a user can drop the run on a map.
public final class GeoJSONWriter: EventWriter {
  private let sink: any TextSink
  /// What the run has shown so far: the track, the places and the totals, gathered as the HTML
  /// map gathers them.
  private var map = RunMap()

  /// Creates a writer over a sink.
  public init(sink: any TextSink) { self.sink = sink }

  public func write(_ event: FinderEvent) throws { map.take(event) }

  public func finish() throws {
    let track = map.track.map { JSONValue.array([.double($0.longitude), .double($0.latitude)]) }
    var features: [JSONValue] = []
    let trackGeometry: JSONValue =
      track.count == 1
      ? .object([("type", .string("Point")), ("coordinates", track[0])])
      : .object([("type", .string("LineString")), ("coordinates", .array(track))])
    if !track.isEmpty {
      var properties: [(String, JSONValue)] = [
        ("kind", .string("track")), ("fixes", .int(track.count)),
      ]
      if let summary = map.summary {
        properties.append(("summary", .object(summary.jsonMembers())))
      }
      features.append(
        .object([
          ("type", .string("Feature")), ("geometry", trackGeometry),
          ("properties", .object(properties)),
        ])
      )
    }
    for seen in map.seenPlaces {
      var properties: [(String, JSONValue)] = [
        ("kind", .string("place")),
        ("id", .string(seen.place.id)),
        ("name", .optional(seen.place.name, JSONValue.string)),
        ("first_fix_index", .int(seen.firstFixIndex)),
        ("nearest_distance_m", .rounded(seen.nearestDistance, places: 3)),
        ("times_listed", .int(seen.timesListed)),
        ("open_when_nearest", .optional(seen.openWhenNearest, JSONValue.bool)),
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
    // The data's attribution is a member of the collection too, where GeoJSON readers look
    // first (as `forage nearby` writes it).
    var members: [(String, JSONValue)] = [("type", .string("FeatureCollection"))]
    if let attribution = map.summary?.attribution {
      members.append(("attribution", .string(attribution)))
    }
    members.append(("features", .array(features)))
    let collection = JSONValue.object(members)
    try sink.write(collection.serialized + "\n")
    try sink.commit()
  }
}
