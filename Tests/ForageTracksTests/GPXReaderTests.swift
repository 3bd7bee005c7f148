import Foundation
import Testing

@testable import ForageTracks

/// The streaming GPX reader: structure, fields, XML syntax, and well-formedness errors.
@Suite struct GPXReaderTests {
  /// An elevation or HDOP that is not a number (`nan`, `inf`, `abc`) is dropped from its fix
  /// with a defect, as one out of range is: it was dropped without a word.
  @Test(arguments: ["nan", "NaN", "inf", "-inf", "abc", "1e999"])
  func aMeasureThatIsNotANumberIsReported(value: String) throws {
    for element in ["ele", "hdop"] {
      let text =
        #"<gpx version="1.1" creator="t"><trk><trkseg><trkpt lat="60.17" lon="24.94">"#
        + "<\(element)>\(value)</\(element)><time>2026-01-01T00:00:00Z</time></trkpt>"
        + "</trkseg></trk></gpx>"
      let events = try readEvents(text, format: .gpx)
      #expect(fixes(events).count == 1, "\(element) \(value)")
      #expect(defects(.unreadableValue, in: events).count == 1, "\(element) \(value)")
      let fix = try #require(fixes(events).first)
      #expect(fix.elevation == nil && fix.hdop == nil, "\(element) \(value)")
    }
  }

  @Test func readsTrackPointsWithEveryField() throws {
    let events = try readEvents(
      gpx(
        """
        <trk><trkseg>
          <trkpt lat="45.5" lon="14.25"><ele>733.6</ele><time>2010-10-03T09:36:30Z</time>
            <hdop>1.5</hdop><sat>7</sat><fix>3d</fix></trkpt>
          <trkpt lat="45.5001" lon="14.2501"><time>2010-10-03T09:36:35.5Z</time></trkpt>
        </trkseg></trk>
        """
      )
    )
    let read = fixes(events)
    #expect(read.count == 2)
    #expect(read[0].latitude == 45.5 && read[0].longitude == 14.25)
    #expect(read[0].elevation == 733.6)
    #expect(read[0].time == date("2010-10-03T09:36:30Z"))
    #expect(read[0].hdop == 1.5 && read[0].satellites == 7)
    #expect(read[0].horizontalAccuracy == 7.5)
    #expect(read[0].line == 4 && read[0].kind == .trackPoint)
    #expect(read[1].time == date("2010-10-03T09:36:35.5Z"))
    #expect(defects(events).isEmpty)
  }

  @Test func readsGPX10WithRoutesAndWaypointsAsSeparateKinds() throws {
    let text = """
      <?xml version="1.0"?>
      <gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/0">
      <wpt lat="1" lon="2"><time>2020-01-01T00:00:00Z</time></wpt>
      <rte><rtept lat="3" lon="4"><time>2020-01-01T00:00:00Z</time></rtept>
      <rtept lat="3.001" lon="4"><time>2020-01-01T00:01:00Z</time></rtept></rte>
      <trk><trkseg><trkpt lat="5" lon="6"><time>2019-01-01T00:00:00Z</time></trkpt></trkseg></trk>
      </gpx>
      """
    let reader = try TrackReader(bytes: Array(text.utf8), name: "x.gpx")
    var events: [TrackEvent] = []
    while let event = try reader.next() { events.append(event) }
    #expect(fixes(events).map(\.kind) == [.waypoint, .routePoint, .routePoint, .trackPoint])
    // Streams are independent: the track's earlier time is not "backwards" after the route.
    #expect(defects(events).isEmpty)
    #expect(Set(fixes(events).map(\.segment)).count == 3)
    #expect(reader.counts.waypoints == 1 && reader.counts.routePoints == 2)
    #expect(reader.counts.trackPoints == 1 && reader.counts.trackSegments == 1)
    #expect(reader.counts.routes == 1)
  }

  @Test func matchesElementsByLocalNameUnderAnyPrefix() throws {
    let events = try readEvents(
      """
      <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1"><g:trk><g:trkseg>
      <g:trkpt g:lat="1.5" lon="2.5"><g:time>2020-01-01T00:00:00Z</g:time></g:trkpt>
      </g:trkseg></g:trk></g:gpx>
      """,
      format: .gpx
    )
    #expect(fixes(events).map(\.latitude) == [1.5])
  }

  @Test func ignoresExtensionsMetadataCommentsAndProcessingInstructions() throws {
    let events = try readEvents(
      """
      \u{FEFF}<?xml version="1.0"?>
      <!DOCTYPE gpx [ <!ENTITY x "y"> ]>
      <!-- a comment with <trkpt lat="9" lon="9"> inside -->
      <gpx><metadata><time>1999-01-01T00:00:00Z</time></metadata>
      <trk><trkseg><trkpt lat="1" lon="2">
        <extensions><ext:time>1901-12-13T20:45:52Z</ext:time><trkpt lat="8" lon="8"/></extensions>
        <?pi data?><time><![CDATA[2020-01-01T00:00:00Z]]></time>
      </trkpt></trkseg></trk></gpx>
      """,
      format: .gpx
    )
    #expect(fixes(events).count == 1)
    #expect(fixes(events).first?.time == date("2020-01-01T00:00:00Z"))
    #expect(defects(events).isEmpty)
  }

  @Test func decodesEntitiesInValuesAndAttributes() throws {
    let events = try readEvents(
      gpx(
        """
        <trk name="a &amp; b"><trkseg><trkpt lat="&#52;5" lon='1&#x34;'>
        <time>2020-01-01T00:00:00&#x5A;</time></trkpt></trkseg></trk>
        """
      )
    )
    #expect(fixes(events).first?.latitude == 45)
    #expect(fixes(events).first?.longitude == 14)
    #expect(fixes(events).first?.time == date("2020-01-01T00:00:00Z"))
  }

  @Test func readsSelfClosingPointsAndReportsEmptySegments() throws {
    let events = try readEvents(
      gpx(#"<trk><trkseg/><trkseg><trkpt lat="1" lon="2"/></trkseg></trk>"#)
    )
    #expect(fixes(events).count == 1)
    #expect(defects(.emptySegment, in: events).count == 1)
  }

  @Test func readsAcrossChunkBoundaries() throws {
    var body = "<trk><trkseg>\n"
    for index in 0..<200 {
      body += """
        <trkpt lat="45.\(index)" lon="14.\(index)"><time>2020-01-01T00:\(String(format: "%02d", index / 60)):\(String(format: "%02d", index % 60))Z</time></trkpt>\n
        """
    }
    body += "</trkseg></trk>"
    let directory = try TemporaryDirectory()
    let url = try directory.write("chunks.gpx", gpx(body))
    for chunk in [1, 7, 64, 4096] {
      let source = try ByteSource(url: url, chunkSize: chunk)
      var parser = try GPXParser(source: source)
      var count = 0
      var lines: [Int] = []
      while let item = try parser.next() {
        if case .point(let fix) = item {
          count += 1
          lines.append(fix.line ?? 0)
        }
      }
      #expect(count == 200, "chunk size \(chunk)")
      #expect(lines.first == 4 && lines.last == 203, "chunk size \(chunk)")
    }
  }

  @Test func reportsAnUnclosedTagWithWhereItOpened() throws {
    let error = try #require(
      readError(gpx("<trk><trkseg><trkpt lat=\"1\" lon=\"2\"></trkseg></trk>"), format: .gpx)
    )
    #expect(error.kind == .malformed)
    #expect(error.line == 3)
    #expect(error.column == 37)
    #expect(error.message.contains("expected </trkpt>"))
    #expect(error.description.hasPrefix("test:3:37: "))
  }

  @Test func reportsATruncatedFile() throws {
    let error = try #require(readError("<gpx><trk>\n<trkseg>\n", format: .gpx))
    #expect(error.message.contains("unexpected end of file: expected </trkseg>"))
    #expect(error.message.contains("opened at line 2"))
  }

  @Test func reportsAFileThatIsNotXML() throws {
    let error = try #require(readError("  lat,lon\n1,2\n", format: .gpx))
    #expect(error.line == 1 && error.column == 3)
    #expect(error.message.contains("expected '<'"))
  }

  @Test func reportsAWrongRootElement() throws {
    let error = try #require(readError("<?xml version=\"1.0\"?>\n<kml></kml>", format: .gpx))
    #expect(error.line == 2 && error.column == 1)
    #expect(error.message.contains("expected <gpx> as the root element"))
  }

  @Test func reportsBadAttributesAndEntities() throws {
    let unquoted = try #require(readError("<gpx><wpt lat=1 lon=2/></gpx>", format: .gpx))
    #expect(unquoted.column == 15 && unquoted.message.contains("quoted attribute value"))
    let entity = try #require(
      readError("<gpx><wpt lat=\"1\" lon=\"2\"><name>&nbsp;</name></wpt></gpx>", format: .gpx)
    )
    #expect(entity.kind == .malformed)
    let empty = try #require(readError("", format: .gpx))
    #expect(empty.message.contains("<gpx>"))
  }
}
