import ForageHTTP
import Foundation
import NIOHTTP1

extension MockRequest {
  /// The request NIOHTTP1 decoded: method, decoded target, headers in order, body.
  init(head: HTTPRequestHead, body: Data) {
    let (path, query) = Self.splitTarget(Substring(head.uri))
    self.init(
      method: head.method.rawValue,
      path: path,
      query: query,
      headers: head.headers.map { (name: $0.name, value: $0.value) },
      body: body
    )
  }

  /// Splits a request target (origin or absolute form) into a decoded path and decoded query
  /// pairs.
  static func splitTarget(_ target: Substring) -> (String, [(name: String, value: String)]) {
    var target = target
    if let scheme = target.range(of: "://") {
      let afterAuthority = target[scheme.upperBound...].firstIndex(of: "/") ?? target.endIndex
      target = target[afterAuthority...]
      if target.isEmpty { target = "/" }
    }
    let pathEnd = target.firstIndex { $0 == "?" || $0 == "#" } ?? target.endIndex
    let path = QueryString.percentDecode(target[..<pathEnd], plusIsSpace: false)
    guard pathEnd < target.endIndex, target[pathEnd] == "?" else { return (path, []) }
    var query = target[target.index(after: pathEnd)...]
    if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
    return (path, QueryString.decode(query))
  }
}
