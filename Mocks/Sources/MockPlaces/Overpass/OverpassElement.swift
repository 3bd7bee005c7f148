import ForagePlaceDataset
import ForagePlaceModel
import ForageSupport

/// A dataset place as an OpenStreetMap element: its type and id from a dataset id such as
/// `osm-node-1007416273` (`osm-way-…` and `osm-relation-…` too), its tags from the feature's
/// properties and name. A place with neither `amenity` nor `shop` among its properties (a
/// dataset written with Google `types`) is tagged `amenity` from its types
/// (`ForagePlaceDataset/OSMPlaceTypes/amenity(forTypes:)`), so that a search for its type finds
/// it as with the other providers.
///
/// A place whose id is not of that form is a node with a stable id derived from its id, so the
/// ids forage reports for it (`osm-node-N`) differ from the dataset's.
struct OverpassElement {
  /// `node`, `way` or `relation`.
  var type: String
  /// The OSM id.
  var id: Int64
  /// The node's position, or the way's or relation's centre.
  var latitude: Double
  var longitude: Double
  /// The OSM tags.
  var tags: [String: String]

  init(_ place: Place) {
    let parts = place.id.split(separator: "-", maxSplits: 2)
    if parts.count == 3, parts[0] == "osm", ["node", "way", "relation"].contains(parts[1]),
      let id = Int64(parts[2]), id > 0
    {
      type = String(parts[1])
      self.id = id
    } else {
      type = "node"
      id = Int64(FNV1a.hash(place.id) >> 12) + 1
    }
    latitude = place.latitude
    longitude = place.longitude
    var tags = place.properties
    if tags["amenity"] == nil, tags["shop"] == nil,
      let amenity = OSMPlaceTypes.amenity(forTypes: place.types)
    {
      tags["amenity"] = amenity
    }
    if let name = place.name { tags["name"] = name }
    if case .openStreetMap(let hours) = place.openingHours { tags["opening_hours"] = hours }
    self.tags = tags
  }
}
