/// A fault the mock server injects instead of (or on top of) a normal response.
///
/// Rules are written as spec strings, on the command line (`mock-places --fault SPEC`) and in
/// the body of `POST /__admin/faults`:
///
/// ```
/// SPEC     = KIND [ ":" ARG { ":" ARG } ] { "@" SELECTOR }
/// ARG      = VALUE | NAME "=" VALUE
/// SELECTOR = "always" | "every:" N | "next:" N | "fraction:" P [ ":seed=" S ] | "path:" PATH
/// ```
///
/// Kinds (names are case-insensitive; `_` and `-` are interchangeable):
/// - `delay:MS` waits MS milliseconds, then sends the handler's normal response.
/// - `dribble:MS[:chunk=BYTES]` sends the normal response BYTES at a time (default 16), pausing MS
///   milliseconds before each piece.
/// - `httpNNN[:retry-after=SECONDS|date+SECONDS|none]` answers with status NNN (400-599) and a
///   small JSON body; `http429` sends `Retry-After: 1` unless told otherwise, other statuses send
///   it only when given. `date+SECONDS` sends an HTTP-date that many seconds ahead.
/// - `over-query-limit` / `unknown-error` answer HTTP 200 with a Places JSON body whose
///   `status` is `OVER_QUERY_LIMIT` / `UNKNOWN_ERROR` (also spelled with underscores).
/// - `reset` closes the connection with a TCP reset (`SO_LINGER` 0) without answering.
/// - `empty` closes the connection without sending a byte.
/// - `garbage` sends bytes that are not HTTP, then closes.
/// - `truncated[:mode=length|close]` sends the first half of the normal body; `length` (the
///   default) announces the full `Content-Length` then closes, `close` sends no length and
///   `Connection: close`, so the client sees a complete-looking response with half a body.
/// - `html` answers 200 with `Content-Type: text/html` and an HTML page instead of JSON.
/// - `remark` answers 200 with an Overpass JSON body, no elements, and a `remark` saying the
///   query timed out (Overpass's runtime error).
/// - `syntax-error` answers 400 with Overpass's HTML error page for a query it cannot parse.
///
/// Selectors (several may be joined with `@`; without one the rule fires on every request):
/// - `every:N` fires on the Nth, 2Nth, 3Nth... request the rule sees.
/// - `next:N` fires on the next N requests the rule sees, then expires.
/// - `fraction:P[:seed=S]` fires on a fraction P (0...1) of requests, drawn from a SplitMix64
///   generator seeded with S (default 1), so a run is repeatable.
/// - `path:PATH` limits the rule to requests whose path is PATH (or starts with it when PATH
///   ends in `*`). Requests on other paths are not counted.
///
/// Examples: `delay:1500@every:3`, `http429:retry-after=2@next:2`, `reset@fraction:0.2:seed=7`,
/// `dribble:50@path:/maps/api/place/nearbysearch/json`.
///
/// Rules are tried in the order they were added; the first that fires is applied. A rule counts
/// only the requests that reach it (not taken by an earlier rule) and match its path. Admin
/// requests (`/__admin/...`) are never faulted.
public struct FaultRule: Sendable, Equatable, CustomStringConvertible {
  /// What the server does.
  public var kind: FaultKind
  /// Which requests it does it to.
  public var selector: FaultSelector
  /// The only path it applies to, or `nil` for any path. A trailing `*` matches a prefix.
  public var path: String?

  /// Creates a rule.
  public init(_ kind: FaultKind, selector: FaultSelector = .always, path: String? = nil) {
    self.kind = kind
    self.selector = selector
    self.path = path
  }

  /// The rule as a spec string that ``init(parsing:)`` reads back to an equal rule.
  public var description: String {
    var spec = kind.description
    if selector != .always { spec += "@" + selector.description }
    if let path { spec += "@path:" + path }
    return spec
  }

  /// Whether the rule applies to requests on `requestPath`.
  func matches(path requestPath: String) -> Bool {
    guard let path else { return true }
    if path.hasSuffix("*") { return requestPath.hasPrefix(path.dropLast()) }
    return requestPath == path
  }
}
