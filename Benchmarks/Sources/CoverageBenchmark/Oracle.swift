import ForageFinder
import ForageGeodesy
import ForagePlaceDataset
import ForagePlaceModel
import Foundation

/// The K nearest matching places within R by brute force: the geodesic distance to every
/// matching place in a latitude-longitude box around the fix (the box only skips places that
/// cannot be within R), ties by id.
struct Oracle {
  let places: [Place]
  let query: PlacesQuery

  /// An oracle for `query` over `dataset`: places of the query's type, or with `isOSM` (as
  /// Overpass matches them), places whose OSM `amenity` tag is the type.
  init(dataset: PlaceDataset, query: PlacesQuery, isOSM: Bool = false) {
    let type = query.type ?? "restaurant"
    places = dataset.places.filter {
      isOSM ? $0.properties["amenity"] == type : $0.types.contains(type)
    }
    self.query = query
  }

  /// Matching places within `radius` of `centre` with their distances, nearest first.
  func ranked(
    around centre: Coordinate,
    within radius: Double
  ) -> [(place: Place, distance: Double)] {
    let latitudeSpan = (radius + 100) / 110_000
    let longitudeSpan = latitudeSpan / max(0.01, cos(centre.latitude * .pi / 180))
    var found: [(place: Place, distance: Double)] = []
    for place in places
    where abs(place.coordinate.latitude - centre.latitude) <= latitudeSpan
      && abs(place.coordinate.longitude - centre.longitude) <= longitudeSpan
    {
      let distance = Geodesic.distance(centre, place.coordinate)
      if distance <= radius { found.append((place, distance)) }
    }
    return found.sorted { ($0.distance, $0.place.id) < ($1.distance, $1.place.id) }
  }

  /// The ids of the K nearest within R.
  func answer(at centre: Coordinate) -> [String] {
    ranked(around: centre, within: query.radius).prefix(query.limit).map(\.place.id)
  }

  /// The radius a fix needs fully known: out to its K-th nearest within R, or R with fewer.
  func neededRadius(at centre: Coordinate) -> Double {
    let ranked = ranked(around: centre, within: query.radius)
    return ranked.count >= query.limit ? ranked[query.limit - 1].distance : query.radius
  }
}
