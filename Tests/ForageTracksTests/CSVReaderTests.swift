import Foundation
import Testing

@testable import ForageTracks

/// The CSV reader: header-driven columns, aliases, time forms and bad rows.
@Suite struct CSVReaderTests {
  /// A header naming the latitude or the longitude twice is refused, naming both columns:
  /// which is the position cannot be told (the first was read without a word). Another measure
  /// named twice (`date,time`, as many loggers write) is read from its first column.
  @Test(arguments: [
    ("lat,lat,lon,time", "columns 1 ('lat') and 2 ('lat') both name the latitude"),
    ("time;latitude;lon;y", "columns 2 ('latitude') and 4 ('y') both name the latitude"),
    ("lat,lng,longitude", "columns 2 ('lng') and 3 ('longitude') both name the longitude"),
  ])
  func aPositionNamedTwiceIsRefused(header: String, expected: String) {
    let separator = header.contains(";") ? ";" : ","
    let row = header.split(separator: Character(separator)).map { _ in "1" }
      .joined(separator: separator)
    let error = readError("\(header)\n\(row)\n", format: .csv)
    #expect(error?.kind == .malformed)
    #expect(error?.line == 1)
    #expect(error?.message.hasSuffix(expected) == true, "\(String(describing: error))")
  }

  @Test func anotherMeasureNamedTwiceIsReadFromItsFirstColumn() throws {
    let events = try readEvents(
      "date,time,lat,lon,ele,alt\n2026-01-01T00:00:00Z,x,60.17,24.94,12,99\n",
      format: .csv
    )
    #expect(fixes(events).first?.elevation == 12)
    #expect(fixes(events).first?.time != nil)
  }

  /// A line longer than any row (here 100 000 digits in a longitude) is skipped with a defect
  /// of its own, read past without being kept: a 200 MB line held 354 MB of memory, and was
  /// reported as a line cut short.
  @Test func anOverlongLineIsSkippedWithADefect() throws {
    let long = "2026-01-01T00:00:01Z,60.1701,24.94" + String(repeating: "9", count: 100_000)
    let text =
      "time,lat,lon\n2026-01-01T00:00:00Z,60.17,24.94\n\(long)\n"
      + "2026-01-01T00:00:02Z,60.1702,24.94\n"
    let events = try readEvents(text, format: .csv)
    #expect(fixes(events).map(\.line) == [2, 4])
    #expect(defects(.overlongLine, in: events).map(\.line) == [3])
    #expect(defects(events).count == 1)
  }

  /// A measure that is not a number (`nan`, `inf`, `abc`) is dropped from its fix with a
  /// defect, as one out of range is: it was dropped without a word.
  @Test(arguments: ["nan", "NaN", "inf", "-inf", "abc", "1e999"])
  func aMeasureThatIsNotANumberIsReported(value: String) throws {
    for column in ["ele", "accuracy", "speed", "course", "hdop"] {
      let text = "time,lat,lon,\(column)\n2026-01-01T00:00:00Z,60.17,24.94,\(value)\n"
      let events = try readEvents(text, format: .csv)
      #expect(fixes(events).count == 1, "\(column) \(value)")
      #expect(defects(.unreadableValue, in: events).count == 1, "\(column) \(value)")
      let fix = try #require(fixes(events).first)
      #expect(
        [fix.elevation, fix.horizontalAccuracy, fix.speed, fix.course, fix.hdop]
          .allSatisfy { $0 == nil },
        "\(column) \(value)"
      )
    }
  }

  @Test func readsColumnsInTheHeadersOrder() throws {
    let events = try readEvents(
      """
      Longitude,Latitude,Time,Altitude,Accuracy,Speed,Course
      24.94,60.17,2024-05-01T10:00:00Z,12.5,4,1.2,90
      24.9401,60.1701,2024-05-01T13:00:05+03:00,13,5,1.3,91
      """,
      format: .csv
    )
    let read = fixes(events)
    #expect(read.count == 2)
    #expect(read[0].latitude == 60.17 && read[0].longitude == 24.94)
    #expect(read[0].elevation == 12.5 && read[0].horizontalAccuracy == 4)
    #expect(read[0].speed == 1.2 && read[0].course == 90 && read[0].line == 2)
    #expect(read[1].time == date("2024-05-01T10:00:05Z"))
  }

  @Test func readsEpochSecondsAndMillisecondsAndSemicolons() throws {
    let read = fixes(
      try readEvents("time;lat;lon\n1700000000;1;2\n1700000001500;1.0001;2\n", format: .csv)
    )
    #expect(
      read.map(\.time) == [
        Date(timeIntervalSince1970: 1_700_000_000), Date(timeIntervalSince1970: 1_700_000_001.5),
      ]
    )
  }

  @Test func reportsShortRowsAndBadCoordinates() throws {
    let events = try readEvents(
      "time,lat,lon\n2024-01-01T00:00:00Z,1\n2024-01-01T00:00:01Z,x,2\n",
      format: .csv
    )
    #expect(fixes(events).isEmpty)
    #expect(defects(.partialLine, in: events).map(\.line) == [2])
    #expect(defects(.invalidCoordinate, in: events).map(\.line) == [3])
  }

  @Test func refusesAFileWithoutLatitudeAndLongitudeColumns() throws {
    let error = try #require(readError("time,x1,y1\n1,2,3\n", format: .csv))
    #expect(error.kind == .malformed && error.line == 1)
    #expect(error.message.contains("lat and lon"))
  }
}
