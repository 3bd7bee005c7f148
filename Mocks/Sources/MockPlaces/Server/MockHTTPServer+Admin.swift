import Foundation

extension MockHTTPServer {
  /// The admin endpoints, for documentation and the 404 message. Bodies are JSON.
  ///
  /// - `GET /__admin/ping` → `{"status":"ok"}`
  /// - `GET /__admin/requests[?path=P]` → `{"count":N,"requests":[JournalEntry...]}`
  /// - `GET /__admin/requests/count[?path=P]` → `{"count":N}`
  /// - `DELETE /__admin/requests` or `POST /__admin/requests/clear` → `{"cleared":N}`
  /// - `GET /__admin/faults` → `{"faults":[{"spec":S,"seen":N,"fired":N}...]}`
  /// - `POST /__admin/faults` with one spec per body line and/or `?spec=S` (repeatable) →
  ///   201 `{"added":[S...]}`, or 400 `{"error":...}` adding none when one does not parse
  /// - `DELETE /__admin/faults` or `POST /__admin/faults/clear` → `{"cleared":N}`
  /// - `GET /__admin/connections` → `{"accepted":N,"open":N}`
  public static let adminPaths = [
    "GET /__admin/ping",
    "GET /__admin/requests",
    "GET /__admin/requests/count",
    "DELETE /__admin/requests",
    "POST /__admin/requests/clear",
    "GET /__admin/faults",
    "POST /__admin/faults",
    "DELETE /__admin/faults",
    "POST /__admin/faults/clear",
    "GET /__admin/connections",
  ]

  /// Answers a request under `/__admin/`.
  func adminResponse(to request: MockRequest) -> MockResponse {
    let path = request.path.hasSuffix("/") ? String(request.path.dropLast()) : request.path
    let route = "\(request.method == "HEAD" ? "GET" : request.method) \(path)"
    switch route {
    case "GET /__admin/ping":
      return ResponseEncoding.json(["status": "ok"])
    case "GET /__admin/requests":
      let entries = journalEntries(matching: request)
      return ResponseEncoding.json(JournalListing(count: entries.count, requests: entries))
    case "GET /__admin/requests/count":
      return ResponseEncoding.json(["count": journalEntries(matching: request).count])
    case "DELETE /__admin/requests", "POST /__admin/requests/clear":
      let count = journal.count
      journal.clear()
      return ResponseEncoding.json(["cleared": count])
    case "GET /__admin/faults":
      let listing = faults.statuses.map {
        FaultListing(spec: $0.rule.description, seen: $0.seen, fired: $0.fired)
      }
      return ResponseEncoding.json(["faults": listing])
    case "POST /__admin/faults":
      return addFaults(from: request)
    case "DELETE /__admin/faults", "POST /__admin/faults/clear":
      let count = faults.rules.count
      faults.clear()
      return ResponseEncoding.json(["cleared": count])
    case "GET /__admin/connections":
      return ResponseEncoding.json(["accepted": connectionCount, "open": openConnectionCount])
    default:
      let known = Self.adminPaths.contains { $0.hasSuffix(" " + path) }
      return ResponseEncoding.json(
        [
          "error": known
            ? "method \(request.method) not allowed on \(path)"
            : "unknown admin endpoint \(path); known: \(Self.adminPaths.joined(separator: ", "))"
        ],
        status: known ? 405 : 404
      )
    }
  }

  private func journalEntries(matching request: MockRequest) -> [JournalEntry] {
    let entries = journal.entries
    guard let path = request.queryValue("path") else { return entries }
    return entries.filter { $0.path == path }
  }

  private func addFaults(from request: MockRequest) -> MockResponse {
    let bodySpecs = String(decoding: request.body, as: UTF8.self)
      .split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    let specs = request.query.filter { $0.name == "spec" }.map(\.value) + bodySpecs
    guard !specs.isEmpty else {
      return ResponseEncoding.json(
        ["error": "no fault spec: send one per body line or as ?spec="],
        status: 400
      )
    }
    var rules: [FaultRule] = []
    for spec in specs {
      do {
        rules.append(try FaultRule(parsing: spec))
      } catch {
        return ResponseEncoding.json(["error": error.description], status: 400)
      }
    }
    for rule in rules { faults.add(rule) }
    return ResponseEncoding.json(["added": rules.map(\.description)], status: 201)
  }
}

/// The body of `GET /__admin/requests`.
private struct JournalListing: Encodable {
  var count: Int
  var requests: [JournalEntry]
}

/// One rule in the body of `GET /__admin/faults`.
private struct FaultListing: Encodable {
  var spec: String
  var seen: Int
  var fired: Int
}
