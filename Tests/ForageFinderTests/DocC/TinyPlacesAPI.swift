import ForageGeodesy
import ForageHTTP
import ForagePlaceModel
import Foundation
import Synchronization

// The API in memory of the article "Implementing a provider" (ForageProviders.docc), word for
// word between the markers: DocCSnippetTests checks the article against this file.

// docc-snippet: fake-api
/// The Tiny Places API in memory, for tests: answers from a list of places as the real API
/// does, and counts the requests.
final class TinyPlacesAPI: HTTPTransport {
  let places: [Place]
  private let requests = Mutex(0)

  init(places: [Place]) {
    self.places = places
  }

  /// How many requests it was sent.
  var requestCount: Int { requests.withLock { $0 } }

  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    requests.withLock { $0 += 1 }
    var text =
      URLComponents(url: request.url, resolvingAgainstBaseURL: false)?
      .percentEncodedQuery ?? ""
    var offset = 0
    // A page token is the page's offset, a bar, and the query of the search.
    if let token = Self.parameters(text)["page"], let bar = token.firstIndex(of: "|") {
      offset = Int(token[..<bar]) ?? 0
      text = String(token[token.index(after: bar)...])
    }
    let query = Self.parameters(text)
    guard let lat = query["lat"].flatMap(Double.init), let lng = query["lng"].flatMap(Double.init),
      let centre = try? Coordinate(latitude: lat, longitude: lng)
    else { return Self.json(status: 400, TinyPlacesWire.Page(error: "lat and lng are needed")) }
    var ranked =
      places
      .filter { place in query["type"].map(place.hasType) ?? true }
      .filter { place in
        query["keyword"].map { place.displayName.localizedCaseInsensitiveContains($0) } ?? true
      }
      .map { (place: $0, distance: Geodesic.distance(centre, $0.coordinate)) }
      .sorted { ($0.distance, $0.place.id) < ($1.distance, $1.place.id) }
    if query["rank"] == "rating" {
      let radius = query["radius"].flatMap(Double.init) ?? 0
      ranked = ranked.filter { $0.distance <= radius }
        .sorted { ($0.place.rating ?? 0) > ($1.place.rating ?? 0) }
    }
    let found = ranked.prefix(40).map(\.place)
    let page = found.dropFirst(offset).prefix(20).map { place in
      TinyPlacesWire.Result(
        id: place.id,
        name: place.name,
        lat: place.latitude,
        lng: place.longitude,
        types: place.types,
        rating: place.rating
      )
    }
    let next = offset + 20 < found.count ? "\(offset + 20)|\(text)" : nil
    return Self.json(status: 200, TinyPlacesWire.Page(results: page, nextPage: next))
  }

  /// A query's parameters by name.
  private static func parameters(_ query: String) -> [String: String] {
    var parameters: [String: String] = [:]
    for item in QueryString.decode(Substring(query)) { parameters[item.name] = item.value }
    return parameters
  }

  /// A response with a JSON body, in snake case.
  private static func json(status: Int, _ page: TinyPlacesWire.Page) -> HTTPResponse {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    return HTTPResponse(status: status, body: (try? encoder.encode(page)) ?? Data())
  }
}
// docc-snippet-end
