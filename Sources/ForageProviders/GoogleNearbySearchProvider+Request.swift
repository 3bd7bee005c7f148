import ForageHTTP
import Foundation

extension GoogleNearbySearchProvider {
  /// The request for the first page of a search.
  ///
  /// Every name and value is percent-encoded with `QueryString`; parameters are sent in a
  /// fixed order with `key` last.
  ///
  /// - Parameter search: The search, already validated.
  /// - Returns: The `GET` request.
  public func makeRequest(for search: NearbySearch) -> HTTPRequest {
    var items: [(name: String, value: String)] = [("location", search.location.description)]
    switch search.ranking {
    case .prominence(let radius):
      items.append(("radius", Self.format(radius)))
    case .distance:
      items.append(("rankby", "distance"))
    }
    if let type = search.type, !type.isEmpty { items.append(("type", type)) }
    if let keyword = search.keyword, !keyword.isEmpty { items.append(("keyword", keyword)) }
    if search.openNow { items.append(("opennow", "true")) }
    if let minPrice = search.minPrice { items.append(("minprice", String(minPrice))) }
    if let maxPrice = search.maxPrice { items.append(("maxprice", String(maxPrice))) }
    if let language = search.language, !language.isEmpty {
      items.append(("language", language))
    }
    return makeRequest(items)
  }

  /// The request for the page a token names; Google ignores every other parameter then.
  ///
  /// - Parameter pageToken: The token's value.
  /// - Returns: The `GET` request.
  public func makeRequest(pageToken: String) -> HTTPRequest {
    makeRequest([("pagetoken", pageToken)])
  }

  private func makeRequest(_ items: [(name: String, value: String)]) -> HTTPRequest {
    var items = items
    if let key = configuration.apiKey { items.append(("key", key.value)) }
    return HTTPRequest(
      method: "GET",
      url: configuration.url(path: Self.path, query: QueryString.query(items)),
      headers: [("Accept", "application/json")],
      timeout: configuration.timeout
    )
  }

  /// A radius in its shortest form: `1500` rather than `1500.0`.
  static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
