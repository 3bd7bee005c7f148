import ForagePlaceModel
import ForageTestSupport
import Foundation
import Testing

@testable import ForagePlaceDataset

/// The one places loader: positions, ids, names, types, Booleans and duplicates by one rule, and
/// bad files refused with the line and column.
@Suite struct PlaceDatasetTests {
  private func parse(_ text: String) throws(PlaceDatasetError) -> PlaceDataset {
    try PlaceDataset.parse(Data(text.utf8), file: "test.geojson")
  }

  @Test func readsGooglePropertiesAndOSMTags() throws {
    let dataset = try parse(
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
         "addr:city":"Helsinki","opening_hours":"24/7","rating":"4.5","wifi":true}}
      ]}
      """
    )
    #expect(dataset.issues.isEmpty)
    #expect(dataset.report().isEmpty)
    let cruise = try #require(dataset.places.first)
    #expect(cruise.id == "g1")
    #expect(cruise.name == "Cruise Bar")
    #expect(cruise.types == ["bar", "restaurant"])
    #expect(cruise.hasType("BAR"))
    #expect(cruise.rating == 4)
    #expect(cruise.userRatingsTotal == 1269)
    #expect(cruise.priceLevel == 2)
    #expect(cruise.businessStatus == .closedTemporarily)
    #expect(cruise.provenance == .dataset)
    #expect(cruise.isClosed)
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
    #expect(kebab.businessStatus == .operational)
    #expect(kebab.priceLevel == nil)
    #expect(kebab.properties["wifi"] == "true")
    #expect(kebab.properties["cuisine"] == "kebab;pizza")
    #expect(kebab.properties["name"] == nil)
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

  @Test func keepsNamelessPlacesAndSkipsUnusableFeaturesByLine() throws {
    let dataset = try parse(
      """
      {"type":"FeatureCollection","features":[
       {"type":"Feature","geometry":null,"properties":{"id":"a","name":"No geometry"}},
       {"type":"Feature","geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]},
        "properties":{"id":"b","name":"Line"}},
       {"type":"Feature","geometry":{"type":"Point","coordinates":[200,0]},
        "properties":{"id":"c","name":"Off the globe"}},
       {"type":"Feature","geometry":{"type":"Point","coordinates":["x",0]},
        "properties":{"id":"d","name":"Text"}},
       {"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},
        "properties":{"id":"e","amenity":"restaurant"}},
       {"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},
        "properties":{"id":"f","name":"Good"}},
       {"type":"Feature","geometry":{"type":"Point","coordinates":[1,3]},
        "properties":{"id":"f","name":"Duplicate"}},
       42
      ]}
      """
    )
    #expect(dataset.places.map(\.id) == ["e", "f"])
    #expect(dataset.places[0].name == nil)
    #expect(dataset.places[0].hasType("restaurant"))
    #expect(dataset.places[1].name == "Good")
    #expect(
      dataset.issues.map(\.description) == [
        "test.geojson:2: feature 0 (a): no geometry; skipped",
        "test.geojson:3: feature 1 (b): geometry is LineString, not Point; skipped",
        "test.geojson:5: feature 2 (c): longitude 200.0 is not a number between -180 and 180; "
          + "skipped",
        "test.geojson:7: feature 3 (d): Point coordinates are not [longitude, latitude] numbers; "
          + "skipped",
        "test.geojson:9: feature 4 (e): no \"name\"; kept without a name",
        "test.geojson:13: feature 6 (f): duplicate id, first used at line 11; skipped",
        "test.geojson: feature 7: not a JSON object but a number; skipped",
      ]
    )
    #expect(
      dataset.report().last
        == "test.geojson: 2 places, 1 without a \"name\" (kept; the first at line 9); "
        + "6 features skipped"
    )
    #expect(dataset.report(limit: 2).count == 4)
  }

  @Test func idsComeFromPlaceIdThenIdThenTheFeatureExactlyAsWritten() throws {
    let dataset = try parse(
      """
      {"type":"FeatureCollection","features":[
       {"type":"Feature","id":12345678901234567,"geometry":{"type":"Point","coordinates":[1,2]}},
       {"type":"Feature","id":"x","geometry":{"type":"Point","coordinates":[1,2]},
        "properties":{"id":7,"place_id":"p"}},
       {"type":"Feature","id":true,"geometry":{"type":"Point","coordinates":[1,2]}},
       {"type":"Feature","geometry":{"type":"Point",
        "coordinates":[24.938412345678901,60.169912345678901]},"properties":{"id":7}}
      ]}
      """
    )
    #expect(dataset.places.map(\.id) == ["12345678901234567", "p", "feature-2", "7"])
    // 17 significant digits read exactly (JSONSerialization on Linux is off by one unit here).
    #expect(dataset.places[3].longitude == 24.938412345678901)
    #expect(dataset.places[3].latitude == 60.169912345678901)
    #expect(dataset.places[2].types == ["point_of_interest", "establishment"])
  }

  @Test func booleansAreNeitherNumbersNorText() throws {
    let dataset = try parse(
      """
      {"type":"FeatureCollection","features":[
       {"type":"Feature","geometry":{"type":"Point","coordinates":[1,2]},
        "properties":{"id":"a","name":true,"rating":true,"open_now":1,"types":"cafe; bar"}}
      ]}
      """
    )
    let place = try #require(dataset.places.first)
    #expect(place.name == nil)
    #expect(place.rating == nil)
    #expect(place.openNow == nil)
    #expect(place.types == ["cafe", "bar"])
  }

  @Test func badJSONNamesTheLineAndColumn() {
    #expect(
      throws: PlaceDatasetError.malformed(
        file: "test.geojson",
        line: 2,
        column: 13,
        expected: "a JSON value but found ','"
      )
    ) { try parse("{\"type\":\"FeatureCollection\",\n\"features\":[,]}") }
    #expect(
      throws: PlaceDatasetError.malformed(
        file: "test.geojson",
        line: 1,
        column: 1,
        expected: "JSON but the file is empty"
      )
    ) { try parse("") }
  }

  @Test func aFileThatIsNotAFeatureCollectionOrHasNoPlaceIsRefused() {
    #expect(
      throws: PlaceDatasetError.malformed(
        file: "test.geojson",
        line: 1,
        column: nil,
        expected: "a GeoJSON object with \"type\": \"FeatureCollection\""
      )
    ) { try parse(#"{"type":"Feature"}"#) }
    #expect(
      throws: PlaceDatasetError.malformed(
        file: "test.geojson",
        line: 1,
        column: nil,
        expected: "a \"features\" array"
      )
    ) { try parse(#"{"type":"FeatureCollection"}"#) }
    #expect(throws: PlaceDatasetError.noPlaces(file: "test.geojson", features: 1)) {
      try parse(#"{"type":"FeatureCollection","features":[{"type":"Feature"}]}"#)
    }
  }

  @Test func anUnreadableFileIsAnIOError() {
    #expect(
      throws: PlaceDatasetError.unreadable(
        file: "/nonexistent/places.geojson",
        reason: "No such file or directory"
      )
    ) { try PlaceDataset.load(contentsOf: URL(fileURLWithPath: "/nonexistent/places.geojson")) }
    let directory = FileManager.default.temporaryDirectory
    #expect(throws: PlaceDatasetError.unreadable(file: directory.path, reason: "it is a directory"))
    { try PlaceDataset.load(contentsOf: directory) }
  }

  @Test func inMemoryDatasetsDropLaterDuplicates() {
    let dataset = PlaceDataset(places: [
      Place.dataset(id: "a", name: "A", latitude: 0, longitude: 0),
      Place.dataset(id: "a", name: "B", latitude: 1, longitude: 1),
    ])
    #expect(dataset.places.map(\.name) == ["A"])
    #expect(dataset.issues.map(\.problem) == [.duplicateID(firstLine: nil)])
  }

  @Test
  func readsTheHelsinkiDataset() throws {
    let url = TestData.helsinkiPlaces
    let dataset = try PlaceDataset.load(contentsOf: url)
    // 427 features, 5 of them without a name: all kept.
    #expect(dataset.places.count == 427)
    #expect(dataset.places.filter { $0.name == nil }.count == 5)
    #expect(dataset.issues.allSatisfy { $0.problem == .unnamed })
    #expect(Set(dataset.places.map(\.id)).count == 427)
    #expect(dataset.places.filter { $0.types.first == "restaurant" }.count == 214 + 1)
    #expect(dataset.places.allSatisfy { (60.16...60.18).contains($0.coordinate.latitude) })
    let cafe = try #require(dataset.places.first { $0.id == "osm-node-1007416273" })
    #expect(cafe.name == "Théhuone")
    #expect(cafe.types.first == "cafe")
    #expect(cafe.vicinity == "Eerikinkatu 10, Helsinki")
    #expect(cafe.keywords == ["tee"])
  }
}

/// One file is read one way, whichever command or provider of the mock reads it: types and OSM
/// tag values as Google and OpenStreetMap write them, and a week of periods over OSM's text.
@Suite struct PlaceDatasetSpellingTests {
  static func feature(_ properties: String) -> String {
    #"{"type":"Feature","geometry":{"type":"Point","coordinates":[24.94,60.17]},"properties":{"id":"a","#
      + properties + "}}"
  }

  static func place(_ properties: String) throws -> Place {
    let text = #"{"type":"FeatureCollection","features":["# + feature(properties) + "]}"
    return try #require(PlaceDataset.parse(Data(text.utf8), file: "test.geojson").places.first)
  }

  /// Every spelling of a type and of an `amenity` a person might write reads as Google's.
  @Test(arguments: [
    (#""types":["Restaurant"]"#, "restaurant"),
    (#""types":[" restaurant "]"#, "restaurant"),
    (#""types":"Restaurant;Food""#, "restaurant"),
    (#""types":"RESTAURANT | food""#, "restaurant"),
    (#""amenity":"Restaurant""#, "restaurant"),
    (#""amenity":" restaurant""#, "restaurant"),
    (#""amenity":"RESTAURANT""#, "restaurant"),
  ])
  func aTypeReadsAsGoogleWritesIt(_ properties: String, _ type: String) throws {
    let place = try Self.place(properties)
    #expect(place.types.first == type, "\(place.types)")
    #expect(place.types.allSatisfy { $0 == $0.lowercased() && !$0.contains(" ") })
    if let amenity = place.properties["amenity"] { #expect(amenity == "restaurant") }
  }

  /// A place with both Places API (New)'s week and OpenStreetMap's text has the week (which
  /// carries its UTC offset) as its hours, and keeps the text as its `opening_hours` tag (the
  /// week was lost, and with it every `open_at_fix` of Places API (New)).
  @Test func aWeekOfPeriodsWinsOverOSMTextWhichIsKept() throws {
    let place = try Self.place(
      #""opening_hours":"Mo-Su 09:00-17:00","utcOffsetMinutes":120,"#
        + #""regularOpeningHours":{"periods":[{"open":{"day":1,"hour":9,"minute":0},"#
        + #""close":{"day":1,"hour":17,"minute":0}}]}"#
    )
    guard case .weekly(let week) = place.openingHours else {
      Issue.record("\(String(describing: place.openingHours))")
      return
    }
    #expect(week.utcOffsetMinutes == 120)
    #expect(place.properties["opening_hours"] == "Mo-Su 09:00-17:00")
    // OSM's text alone is still the hours, and no tag.
    let osm = try Self.place(#""opening_hours":"Mo-Su 09:00-17:00""#)
    #expect(osm.openingHours == .openStreetMap("Mo-Su 09:00-17:00"))
    #expect(osm.properties["opening_hours"] == nil)
  }

  /// The most specific Google type of one OSM amenity names it for the mock's Overpass.
  @Test func aGoogleTypeNamesItsAmenity() {
    #expect(OSMPlaceTypes.amenity(forTypes: ["meal_takeaway", "food"]) == "fast_food")
    #expect(OSMPlaceTypes.amenity(forTypes: ["Restaurant"]) == "restaurant")
    #expect(OSMPlaceTypes.amenity(forTypes: ["food", "cafe"]) == "cafe")
    #expect(OSMPlaceTypes.amenity(forTypes: ["lodging"]) == nil)
  }
}
