import Foundation

/// The bodies the Overpass mock answers with: a JSON answer (elements, or a `remark`) and the
/// HTML error page of a query that cannot run.
enum OverpassBody {
  /// The `osm3s.copyright` notice every Overpass JSON answer carries.
  static let copyright =
    "The data included in this document is from www.openstreetmap.org. "
    + "The data is made available under ODbL."

  private struct Answer: Encodable {
    struct OSM3S: Encodable {
      var timestampOSMBase = "2026-01-01T00:00:00Z"
      var copyright = OverpassBody.copyright

      enum CodingKeys: String, CodingKey {
        case timestampOSMBase = "timestamp_osm_base"
        case copyright
      }
    }
    struct Element: Encodable {
      struct Center: Encodable {
        var lat: Double
        var lon: Double
      }
      var type: String
      var id: Int64
      var lat: Double?
      var lon: Double?
      var center: Center?
      var tags: [String: String]?
    }
    var version = 0.6
    var generator = "Overpass API (forage mock-places)"
    var osm3s = OSM3S()
    var elements: [Element]
    var remark: String?
  }

  /// The JSON answer for a query's elements, with `copyright` (a dataset's own notice) in
  /// place of OpenStreetMap's when given.
  static func answer(
    _ elements: [OverpassElement],
    for query: OverpassQuery,
    copyright: String? = nil
  ) -> MockResponse {
    encode(
      Answer(
        osm3s: Answer.OSM3S(copyright: copyright ?? Self.copyright),
        elements: elements.map { element in
          let isNode = element.type == "node"
          let printsPosition = isNode && query.verbosity.printsCoordinates
          return Answer.Element(
            type: element.type,
            id: element.id,
            lat: printsPosition ? element.latitude : nil,
            lon: printsPosition ? element.longitude : nil,
            center: !isNode && query.printsCenter && query.verbosity != .ids
              ? .init(lat: element.latitude, lon: element.longitude) : nil,
            tags: query.verbosity.printsTags && !element.tags.isEmpty ? element.tags : nil
          )
        }
      )
    )
  }

  /// An HTTP 200 answer whose `remark` reports the query timing out after `seconds`.
  static func timeoutRemark(seconds: Int = 25) -> MockResponse {
    encode(
      Answer(
        elements: [],
        remark: "runtime error: Query timed out in \"query\" at line 1 after \(seconds) seconds."
      )
    )
  }

  /// The HTTP 400 page Overpass answers a query it cannot parse with.
  static func syntaxErrorPage(_ error: OverpassSyntaxError) -> MockResponse {
    let message = error.message.replacingOccurrences(of: "&", with: "&amp;")
      .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    let page = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
      <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">
      <head>
        <meta http-equiv="content-type" content="text/html; charset=utf-8" lang="en"/>
        <title>OSM3S Response</title>
      </head>
      <body>

      <p>The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.</p>
      <p><strong style="color:#FF0000">Error</strong>: line \(error.line): \(message) </p>

      </body>
      </html>

      """
    return MockResponse(
      status: 400,
      headers: [("Content-Type", "text/html; charset=utf-8")],
      body: Data(page.utf8)
    )
  }

  private static func encode(_ answer: Answer) -> MockResponse {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return .json((try? encoder.encode(answer)) ?? Data("{}".utf8))
  }
}
