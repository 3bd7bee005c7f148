import ForageTestSupport
import Foundation
import Testing

@testable import ForageGeo

/// Reading GeoJSON places: good features kept, bad ones skipped by index, bad files refused.
@Suite struct PlaceDatasetTests {
  @Test func readsPointsAndSkipsFeaturesWithoutAUsablePoint() throws {
    let json = """
      {"type":"FeatureCollection","features":[
      {"type":"Feature","id":7,"geometry":{"type":"Point","coordinates":[24.94,60.17]},
       "properties":{"name":"A","amenity":"cafe","cuisine":"tee","rating":4.5,"wifi":true}},
      {"type":"Feature","geometry":null,"properties":{"id":"x"}},
      {"type":"Feature","geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}},
      {"type":"Feature","geometry":{"type":"Point","coordinates":[24.94,91]}},
      {"type":"Feature","geometry":{"type":"Point","coordinates":["a",1]}},
      {"type":"Feature","geometry":{"type":"Point","coordinates":[24.95,60.18]},
       "properties":{"id":"osm-1","types":["restaurant","bar"]}}
      ]}
      """
    let dataset = try PlaceDataset.parse(Data(json.utf8), file: "test.geojson")
    #expect(dataset.places.map(\.id) == ["7", "osm-1"])
    #expect(dataset.places[0].name == "A")
    #expect(dataset.places[0].types == ["cafe"])
    #expect(dataset.places[0].rating == 4.5)
    #expect(dataset.places[0].properties == ["amenity": "cafe", "cuisine": "tee", "wifi": "true"])
    #expect(dataset.places[1].types == ["restaurant", "bar"])
    #expect(dataset.places[1].hasType("BAR"))
    #expect(dataset.skipped.map(\.index) == [1, 2, 3, 4])
    #expect(dataset.skipped[1].reason == "geometry is LineString, not Point")
    #expect(dataset.skipped[2].reason.contains("latitude 91.0"))
  }

  @Test func malformedJSONNamesTheLineAndColumn() {
    let json = "{\"type\":\"FeatureCollection\",\n\"features\":[,]}"
    #expect(
      throws: PlaceDatasetError.malformed(
        file: "bad.geojson",
        line: 2,
        column: 13,
        expected: "valid JSON"
      )
    ) { try PlaceDataset.parse(Data(json.utf8), file: "bad.geojson") }
  }

  @Test func aFileThatIsNotAFeatureCollectionIsRefused() {
    #expect(throws: PlaceDatasetError.self) {
      try PlaceDataset.parse(Data(#"{"type":"Feature"}"#.utf8), file: "f.geojson")
    }
    #expect(throws: PlaceDatasetError.self) {
      try PlaceDataset.load(contentsOf: URL(fileURLWithPath: "/nonexistent/places.geojson"))
    }
  }

  @Test(.enabled(if: SharedData.file("places/helsinki-osm-eateries.geojson") != nil))
  func readsTheHelsinkiDataset() throws {
    let url = try #require(SharedData.file("places/helsinki-osm-eateries.geojson"))
    let dataset = try PlaceDataset.load(contentsOf: url)
    #expect(dataset.places.count == 427)
    #expect(dataset.skipped.isEmpty)
    #expect(dataset.places.filter { $0.hasType("restaurant") }.count == 214)
    #expect(dataset.places.allSatisfy { (60.16...60.18).contains($0.coordinate.latitude) })
  }
}
