import Foundation
import Testing

@testable import ForageTracks

/// The GeoJSON reader: togeojson's time properties, point features, and JSON errors.
@Suite struct GeoJSONReaderTests {
  /// An elevation that is not a number (`"high"`, `true`, `[1]`) or out of range is dropped
  /// from its fix with a defect, as in CSV and GPX: it was dropped without a word. `null` is no
  /// elevation.
  @Test(arguments: [#""high""#, "true", "[1]", "{}", "1e308", "-1e308", "null"])
  func anElevationThatIsNotOneIsReported(value: String) throws {
    let events = try readEvents(
      #"{"type":"Feature","properties":{"time":"2026-01-01T00:00:00Z"},"#
        + #""geometry":{"type":"Point","coordinates":[24.94,60.17,\#(value)]}}"#,
      format: .geojson
    )
    #expect(fixes(events).count == 1)
    #expect(fixes(events).first?.elevation == nil)
    #expect(defects(.unreadableValue, in: events).count == (value == "null" ? 0 : 1))
  }

  @Test func readsALineStringWithCoordTimes() throws {
    let events = try readEvents(
      """
      {"type":"Feature","properties":{"coordTimes":["2020-01-01T00:00:00Z","2020-01-01T00:00:10Z"]},
       "geometry":{"type":"LineString","coordinates":[[14.1,45.1,300],[14.1001,45.1]]}}
      """,
      format: .geojson
    )
    let read = fixes(events)
    #expect(read.map(\.latitude) == [45.1, 45.1])
    #expect(read[0].elevation == 300)
    #expect(read[1].time == date("2020-01-01T00:00:10Z"))
  }

  @Test func readsAMultiLineStringWithCoordinatePropertiesTimesInEpochMilliseconds() throws {
    let events = try readEvents(
      """
      {"type":"FeatureCollection","features":[{"type":"Feature",
       "properties":{"coordinateProperties":{"times":[[1577836800000,1577836801000],[1577836900000]]}},
       "geometry":{"type":"MultiLineString","coordinates":[[[1,2],[1.00001,2]],[[1.0001,2]]]}}]}
      """
    )
    let read = fixes(events)
    #expect(read.count == 3)
    #expect(read[2].time == Date(timeIntervalSince1970: 1_577_836_900))
    #expect(Set(read.map(\.segment)).count == 2)
  }

  @Test func readsTimedPointFeatures() throws {
    let events = try readEvents(
      """
      {"type":"FeatureCollection","features":[
       {"type":"Feature","properties":{"time":"2020-01-01T00:00:00Z"},"geometry":{"type":"Point","coordinates":[24.9,60.1]}},
       {"type":"Feature","properties":{"time":"2020-01-01T00:00:05Z"},"geometry":{"type":"Point","coordinates":[24.9001,60.1]}}]}
      """,
      format: .geojson
    )
    #expect(fixes(events).count == 2)
    #expect(Set(fixes(events).map(\.segment)) == [0])
  }

  @Test func reportsInvalidJSONWithLineAndColumn() throws {
    let error = try #require(
      readError("{\"type\":\"Feature\",\n \"geometry\": [1, 2,]}", format: .geojson)
    )
    #expect(error.kind == .malformed)
    #expect(error.line == 2 && error.column == 20)
    #expect(error.message.contains("expected a JSON value"))
  }

  @Test func refusesJSONThatIsNotGeoJSON() throws {
    let error = try #require(readError("{\"hello\": 1}", format: .geojson))
    #expect(error.message.contains("GeoJSON"))
  }
}
