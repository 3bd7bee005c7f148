import ForageTestSupport
import Foundation
import Testing

@testable import MockPlaces

@Suite struct DatasetLoadingTests {
  private func load(_ text: String) throws(DatasetError) -> PlacesDataset {
    try PlacesDataset(geoJSON: Data(text.utf8), source: "test.geojson")
  }

  @Test func readsGooglePropertiesAndOSMTags() throws {
    let dataset = try load(
      """
      {"type":"FeatureCollection","features":[
       {"type":"Feature","geometry":{"type":"Point","coordinates":[24.94,60.17]},
        "properties":{"place_id":"g1","name":"Cruise Bar","types":["bar","restaurant"],
         "rating":4,"user_ratings_total":1269,"price_level":2,
         "business_status":"CLOSED_TEMPORARILY","opening_hours":{"open_now":false},
         "vicinity":"Circular Quay W"}},
       {"type":"Feature","id":"osm-1","geometry":{"type":"Point","coordinates":[24.95,60.18,12]},
        "properties":{"amenity":"fast_food","name":"Kebab","cuisine":"kebab;pizza",
         "diet:vegan":"yes","addr:street":"Eerikinkatu","addr:housenumber":"10",
         "addr:city":"Helsinki","opening_hours":"24/7","rating":"4.5"}}
      ]}
      """
    )
    #expect(dataset.warnings.isEmpty)
    let cruise = try #require(dataset.places.first)
    #expect(cruise.id == "g1")
    #expect(cruise.types == ["bar", "restaurant"])
    #expect(cruise.rating == 4)
    #expect(cruise.userRatingsTotal == 1269)
    #expect(cruise.priceLevel == 2)
    #expect(cruise.businessStatus == "CLOSED_TEMPORARILY")
    #expect(cruise.openNow == false)
    #expect(cruise.vicinity == "Circular Quay W")
    let kebab = dataset.places[1]
    #expect(kebab.id == "osm-1")
    #expect(kebab.latitude == 60.18 && kebab.longitude == 24.95)
    #expect(
      kebab.types == ["meal_takeaway", "restaurant", "food", "point_of_interest", "establishment"]
    )
    #expect(kebab.vicinity == "Eerikinkatu 10, Helsinki")
    #expect(kebab.keywords == ["kebab", "pizza", "vegan"])
    #expect(kebab.openNow == true)
    #expect(kebab.rating == 4.5)
    #expect(kebab.businessStatus == "OPERATIONAL")
    #expect(kebab.priceLevel == nil)
  }

  @Test func mapsOSMAmenitiesToGoogleTypes() {
    #expect(OSMPlaceTypes.types(amenity: "cafe", shop: nil)?.first == "cafe")
    #expect(
      OSMPlaceTypes.types(amenity: "pub", shop: nil) == [
        "bar", "point_of_interest", "establishment",
      ]
    )
    #expect(
      OSMPlaceTypes.types(amenity: "restaurant", shop: nil)
        == ["restaurant", "food", "point_of_interest", "establishment"]
    )
    #expect(OSMPlaceTypes.types(amenity: "townhall", shop: nil)?.first == "townhall")
    #expect(OSMPlaceTypes.types(amenity: nil, shop: "bakery")?.first == "bakery")
    #expect(OSMPlaceTypes.types(amenity: nil, shop: nil) == nil)
  }

  @Test func skipsFeaturesWithoutAUsablePointOrNameWithAWarning() throws {
    let dataset = try load(
      """
      {"type":"FeatureCollection","features":[
       {"type":"Feature","geometry":null,"properties":{"id":"a","name":"No geometry"}},
       {"type":"Feature","geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]},
        "properties":{"id":"b","name":"Line"}},
       {"type":"Feature","geometry":{"type":"Point","coordinates":[200,0]},
        "properties":{"id":"c","name":"Off the globe"}},
       {"type":"Feature","geometry":{"type":"Point","coordinates":["x",0]},
        "properties":{"id":"d","name":"Text"}},
       {"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},"properties":{"id":"e"}},
       {"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},
        "properties":{"id":"f","name":"Good"}},
       {"type":"Feature","geometry":{"type":"Point","coordinates":[1,3]},
        "properties":{"id":"f","name":"Duplicate"}},
       42
      ]}
      """
    )
    #expect(dataset.places.map(\.id) == ["f"])
    #expect(dataset.warnings.count == 7)
    #expect(
      dataset.warnings[0]
        == "test.geojson: feature 0: no usable Point geometry (a): expected [longitude, latitude]; skipped"
    )
    #expect(dataset.warnings[4] == "test.geojson: feature 4: no \"name\" (e); skipped")
    #expect(dataset.warnings[5] == "test.geojson: feature 7: not a JSON object; skipped")
    #expect(dataset.warnings[6] == "test.geojson: place f: duplicate id; skipped")
  }

  @Test func derivesAStableIdWhenTheFeatureHasNone() throws {
    let text = """
      {"type":"FeatureCollection","features":[{"type":"Feature",
       "geometry":{"type":"Point","coordinates":[24.9,60.1]},"properties":{"name":"Anon"}}]}
      """
    let first = try load(text).places[0].id
    #expect(first.hasPrefix("place-"))
    #expect(try load(text).places[0].id == first)
  }

  @Test func namesTheLineAndColumnOfBadJSON() {
    #expect(
      throws: DatasetError(
        .malformed,
        "test.geojson: line 3, column 4: not valid JSON (invalid value)"
      )
    ) {
      try load("{\n \"a\": [1,\n 2,, 3]\n}")
    }
    #expect(
      throws: DatasetError(
        .malformed,
        "test.geojson: line 1, column 1: expected JSON, found an empty file"
      )
    ) {
      try load("")
    }
  }

  @Test func rejectsJSONThatIsNotAFeatureCollection() {
    #expect(
      throws: DatasetError(
        .malformed,
        "test.geojson: expected a GeoJSON object with \"type\": \"FeatureCollection\""
      )
    ) {
      try load(#"{"type":"Feature"}"#)
    }
    #expect(throws: DatasetError(.malformed, "test.geojson: expected a \"features\" array")) {
      try load(#"{"type":"FeatureCollection"}"#)
    }
  }

  @Test func reportsAnUnreadableFileWithExitCode74() {
    let missing = URL(fileURLWithPath: "/nonexistent/places.geojson")
    do {
      _ = try PlacesDataset.load(contentsOf: missing)
      Issue.record("expected an error")
    } catch {
      #expect(error.kind == .unreadable)
      #expect(error.exitCode == 74)
      #expect(error.message.hasPrefix("/nonexistent/places.geojson: cannot read the dataset"))
    }
    #expect(DatasetError(.malformed, "x").exitCode == 65)
  }

  @Test(.enabled(if: SharedData.directory != nil, "needs ../shared/data"))
  func loadsTheHelsinkiEateries() throws {
    let url = try #require(SharedData.file("places/helsinki-osm-eateries.geojson"))
    let dataset = try PlacesDataset.load(contentsOf: url)
    // 427 features, 5 of them without a name.
    #expect(dataset.places.count == 422)
    #expect(dataset.warnings.count == 5)
    #expect(Set(dataset.places.map(\.id)).count == 422)
    let cafe = try #require(dataset.places.first { $0.id == "osm-node-1007416273" })
    #expect(cafe.name == "Théhuone")
    #expect(cafe.types.first == "cafe")
    #expect(cafe.vicinity == "Eerikinkatu 10, Helsinki")
    #expect(cafe.keywords == ["tee"])
  }
}
