import Foundation

/// A fault spec string that does not follow the grammar in ``FaultRule``.
public struct FaultSpecError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The spec as given.
  public var spec: String
  /// What was expected, as a sentence fragment.
  public var reason: String

  /// Creates an error.
  public init(spec: String, reason: String) {
    self.spec = spec
    self.reason = reason
  }

  public var description: String { "invalid fault '\(spec)': \(reason)" }
}

extension FaultRule {
  /// Parses a spec such as `http429:retry-after=2@next:2`; see ``FaultRule`` for the grammar.
  ///
  /// - Throws: ``FaultSpecError`` naming what was expected.
  public init(parsing spec: String) throws(FaultSpecError) {
    let trimmed = spec.trimmingCharacters(in: .whitespaces)
    let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
    func fail(_ reason: String) -> FaultSpecError { FaultSpecError(spec: spec, reason: reason) }
    guard let kindPart = parts.first, !kindPart.isEmpty else { throw fail("expected a fault kind") }
    self.init(try Self.parseKind(kindPart, spec: spec))
    for part in parts.dropFirst() {
      if part.lowercased().hasPrefix("path:") {
        guard path == nil else { throw fail("more than one path selector") }
        let value = part.dropFirst("path:".count)
        guard value.hasPrefix("/") else { throw fail("a path selector must start with '/'") }
        path = String(value)
        continue
      }
      guard selector == .always else { throw fail("more than one counting selector") }
      selector = try Self.parseSelector(part, spec: spec)
    }
  }

  private static func parseKind(
    _ text: Substring,
    spec: String
  ) throws(FaultSpecError) -> FaultKind {
    func fail(_ reason: String) -> FaultSpecError { FaultSpecError(spec: spec, reason: reason) }
    let items = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    let name = items[0].lowercased().replacingOccurrences(of: "_", with: "-")
    let arguments = try Arguments(items.dropFirst(), spec: spec)
    switch name {
    case "delay":
      let milliseconds = try arguments.integer(position: 0, named: "ms", in: 0...600_000)
      try arguments.allow(["ms"], positional: 1)
      guard let milliseconds else { throw fail("delay needs milliseconds, as in delay:1500") }
      return .delay(milliseconds: milliseconds)
    case "dribble":
      let pause = try arguments.integer(position: 0, named: "ms", in: 0...60_000) ?? 50
      let chunk = try arguments.integer(named: "chunk", in: 1...1_000_000) ?? 16
      try arguments.allow(["ms", "chunk"], positional: 1)
      return .dribble(pauseMilliseconds: pause, chunkBytes: chunk)
    case "over-query-limit":
      try arguments.allow([])
      return .overQueryLimit
    case "unknown-error":
      try arguments.allow([])
      return .unknownError
    case "reset", "connection-reset":
      try arguments.allow([])
      return .connectionReset
    case "empty", "empty-reply":
      try arguments.allow([])
      return .emptyReply
    case "garbage":
      try arguments.allow([])
      return .garbage
    case "html":
      try arguments.allow([])
      return .html
    case "remark":
      try arguments.allow([])
      return .remark
    case "syntax-error":
      try arguments.allow([])
      return .syntaxError
    case "truncated":
      try arguments.allow(["mode"], positional: 1)
      guard let modeText = arguments.value(position: 0, named: "mode") else {
        return .truncated(.length)
      }
      guard let mode = FaultKind.TruncationMode(rawValue: modeText.lowercased()) else {
        throw fail("truncated mode must be 'length' or 'close'")
      }
      return .truncated(mode)
    default:
      guard name.hasPrefix("http"), let code = Int(name.dropFirst(4)), (400...599).contains(code)
      else {
        throw fail(
          "unknown kind '\(items[0])'; expected delay, dribble, httpNNN (400-599), "
            + "over-query-limit, unknown-error, reset, empty, garbage, truncated, html, remark "
            + "or syntax-error"
        )
      }
      try arguments.allow(["retry-after"], positional: 1)
      let retryAfter = arguments.value(position: 0, named: "retry-after")
      return .status(code, retryAfter: try parseRetryAfter(retryAfter, code: code, fail: fail))
    }
  }

  private static func parseRetryAfter(
    _ text: String?,
    code: Int,
    fail: (String) -> FaultSpecError
  ) throws(FaultSpecError) -> FaultKind.RetryAfter? {
    guard let text else { return code == 429 ? .seconds(1) : nil }
    if text.lowercased() == "none" { return nil }
    if text.lowercased().hasPrefix("date+"), let seconds = Int(text.dropFirst(5)), seconds >= 0 {
      return .dateAfter(seconds: seconds)
    }
    guard let seconds = Int(text), seconds >= 0 else {
      throw fail("retry-after must be seconds, date+SECONDS or none")
    }
    return .seconds(seconds)
  }

  private static func parseSelector(
    _ text: Substring,
    spec: String
  ) throws(FaultSpecError) -> FaultSelector {
    func fail(_ reason: String) -> FaultSpecError { FaultSpecError(spec: spec, reason: reason) }
    let items = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    let arguments = try Arguments(items.dropFirst(), spec: spec)
    switch items[0].lowercased() {
    case "always":
      try arguments.allow([])
      return .always
    case "every":
      try arguments.allow([], positional: 1)
      guard let count = try arguments.integer(position: 0, named: "", in: 1...Int.max) else {
        throw fail("every needs a count, as in every:3")
      }
      return .every(count)
    case "next":
      try arguments.allow([], positional: 1)
      guard let count = try arguments.integer(position: 0, named: "", in: 1...Int.max) else {
        throw fail("next needs a count, as in next:2")
      }
      return .next(count)
    case "fraction":
      try arguments.allow(["seed"], positional: 2)
      guard let text = arguments.value(position: 0, named: ""), let fraction = Double(text),
        (0...1).contains(fraction)
      else { throw fail("fraction needs a number from 0 to 1, as in fraction:0.2:seed=7") }
      guard let seed = arguments.value(position: 1, named: "seed").map({ UInt64($0) }) ?? 1
      else { throw fail("seed must be a non-negative integer") }
      return .fraction(fraction, seed: seed)
    default:
      throw fail("unknown selector '\(items[0])'; expected always, every, next, fraction or path")
    }
  }
}

/// The `:`-separated arguments of a kind or selector: positional values and `name=value` pairs.
private struct Arguments {
  var positional: [String] = []
  var named: [String: String] = [:]
  let spec: String

  init(_ items: ArraySlice<String>, spec: String) throws(FaultSpecError) {
    self.spec = spec
    for item in items {
      if let equals = item.firstIndex(of: "=") {
        named[item[..<equals].lowercased()] = String(item[item.index(after: equals)...])
      } else {
        guard named.isEmpty else { throw fail("positional value '\(item)' after a named one") }
        positional.append(item)
      }
    }
  }

  func fail(_ reason: String) -> FaultSpecError { FaultSpecError(spec: spec, reason: reason) }

  func value(position: Int, named name: String) -> String? {
    if !name.isEmpty, let value = named[name] { return value }
    return position < positional.count ? positional[position] : nil
  }

  func value(named name: String) -> String? { named[name] }

  func integer(
    position: Int? = nil,
    named name: String,
    in range: ClosedRange<Int>
  ) throws(FaultSpecError) -> Int? {
    let text = position.map { value(position: $0, named: name) } ?? value(named: name)
    guard let text else { return nil }
    guard let number = Int(text), range.contains(number) else {
      let label = name.isEmpty ? "count" : name
      throw fail("\(label) must be an integer in \(range.lowerBound)...\(range.upperBound)")
    }
    return number
  }

  /// Rejects named arguments outside `names` and more than `positional` positional values.
  func allow(_ names: Set<String>, positional limit: Int = 0) throws(FaultSpecError) {
    if let unknown = named.keys.first(where: { !names.contains($0) }) {
      throw fail("unexpected argument '\(unknown)'")
    }
    if positional.count > limit {
      throw fail("too many values")
    }
  }
}
