import ForageHTTP
import ForagePlaceDataset
import Foundation

/// OpenStreetMap's Overpass API, `POST /api/interpreter` (form field `data`) or
/// `GET /api/interpreter?data=…`, over a dataset.
///
/// Runs the QL subset of ``OverpassQuery`` and answers Overpass JSON (`version`, `generator`,
/// `osm3s` with its ODbL copyright, `elements`); a query it cannot parse gets Overpass's HTML
/// error page with HTTP 400. `around` is measured on a sphere, as Overpass does. Overpass's
/// load shedding is a fault (`http429`, `http504`, `remark`, `syntax-error`; see ``FaultRule``).
public struct OverpassHandler: MockHandler {
  /// The path this handler serves.
  public static let path = "/api/interpreter"

  private let dataset: PlaceDataset

  /// Creates a handler over the places to serve.
  public init(dataset: PlaceDataset) {
    self.dataset = dataset
  }

  public func respond(to request: MockRequest) async -> MockResponse? {
    guard request.path == Self.path else { return nil }
    let fields: [(name: String, value: String)]
    switch request.method {
    case "GET": fields = request.query
    case "POST":
      fields =
        request.query + QueryString.decode(Substring(String(decoding: request.body, as: UTF8.self)))
    default: return MockResponse(status: 405, headers: [("Allow", "GET, POST")])
    }
    guard let text = fields.first(where: { $0.name == "data" })?.value else {
      return OverpassBody.syntaxErrorPage(
        OverpassSyntaxError(line: 1, message: "parse error: An empty query is not allowed")
      )
    }
    return answer(text)
  }

  /// The response for a QL text.
  func answer(_ text: String) -> MockResponse {
    switch OverpassQuery.parse(text) {
    case .failure(let error): return OverpassBody.syntaxErrorPage(error)
    case .success(let query):
      switch query.elements(in: dataset) {
      case .failure(let error): return OverpassBody.syntaxErrorPage(error)
      case .success(let elements):
        return OverpassBody.answer(elements, for: query, copyright: dataset.attribution)
      }
    }
  }
}
