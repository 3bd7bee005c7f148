import ForageSupport
import Foundation

/// A permission scenario that could not be read.
public struct PermissionScenarioError: Error, Equatable, CustomStringConvertible {
  /// A sentence saying what is wrong and what was expected.
  public var description: String
  /// Whether a scenario file could not be read at all (rather than read and found wrong).
  public var isUnreadable: Bool

  init(_ description: String, isUnreadable: Bool = false) {
    self.description = description
    self.isUnreadable = isUnreadable
  }
}

extension PermissionScenario {
  /// The scenario names the command line accepts, and what each means.
  public static let namedScenarios: [(name: String, meaning: String)] = [
    ("granted", "already authorized when in use, full accuracy"),
    ("always", "already authorized always"),
    ("denied", "already denied: no fixes flow"),
    ("restricted", "restricted: no fixes flow and the user cannot change it"),
    ("prompt-grant", "not determined; the user grants when-in-use at the prompt"),
    ("prompt-deny", "not determined; the user denies at the prompt"),
    ("prompt-reduced", "not determined; the user grants with reduced accuracy"),
    ("reduced", "already authorized with reduced accuracy"),
  ]

  /// Parses a scenario from the command line: a name, then optional comma-separated changes.
  ///
  /// Grammar: `NAME[,CHANGE]...` where `CHANGE` is `revoke@AT`, `grant@AT`, `always@AT`,
  /// `reduce@AT` or `full@AT`, and `AT` is `fix:N` (before the N-th fix, from 0) or a time since
  /// the start such as `90`, `90s`, `15min` or `1h` (`m` is refused: it means metres elsewhere).
  /// Example: `prompt-grant,revoke@fix:100,grant@20min`.
  ///
  /// - Throws: ``PermissionScenarioError`` naming the part that is wrong.
  public init(parsing text: String) throws {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard let name = parts.first, !name.isEmpty else {
      throw PermissionScenarioError("empty permission scenario; expected one of \(Self.names)")
    }
    self = try Self.named(name)
    var status = initialStatus.isAuthorized ? initialStatus : promptAnswer
    var accuracy = initialStatus.isAuthorized ? initialAccuracy : promptAccuracy
    for part in parts.dropFirst() {
      let pieces = part.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        .map(String.init)
      guard pieces.count == 2 else {
        throw PermissionScenarioError(
          "permission change '\(part)' has no '@'; expected e.g. revoke@fix:100 or grant@10min"
        )
      }
      guard !pieces[1].isEmpty else {
        throw PermissionScenarioError(
          "permission change '\(part)' has nothing after '@'; expected a time such as 90s, "
            + "15min or 1h, or fix:N"
        )
      }
      let moment = try Self.moment(pieces[1], in: part)
      switch pieces[0] {
      case "revoke": status = .denied
      case "grant": status = .authorizedWhenInUse
      case "always": status = .authorizedAlways
      case "reduce": accuracy = .reduced
      case "full": accuracy = .full
      default:
        throw PermissionScenarioError(
          "unknown permission change '\(pieces[0])' in '\(part)'; expected revoke, grant, always, reduce or full"
        )
      }
      changes.append(Change(at: moment, status: status, accuracy: accuracy))
    }
  }

  /// Reads a scenario file: JSON such as
  /// `{"initial":"not_determined","prompt":"authorized_when_in_use","accuracy":"full",
  /// "changes":[{"at_fix":100,"status":"denied"},{"at_seconds":600,"status":"authorized_when_in_use"}]}`.
  ///
  /// - Throws: ``PermissionScenarioError`` naming the file and what was expected.
  public init(contentsOf url: URL) throws {
    try self.init(path: url.path)
  }

  /// Reads a scenario file named on a command line: a path, or `-` for standard input; a pipe
  /// or a FIFO is read once. See ``init(contentsOf:)``.
  ///
  /// - Throws: ``PermissionScenarioError`` naming the file and what was expected, with
  ///   ``PermissionScenarioError/isUnreadable`` set when it could not be read.
  public init(path: String) throws {
    let data: Data
    do {
      data = Data(try InputFile.readText(path))
    } catch {
      throw PermissionScenarioError(
        "cannot read permission scenario \(error.path): \(error.reason)",
        isUnreadable: true
      )
    }
    let name = InputFile.displayName(path)
    let object: JSONValue
    do {
      object = try JSONParser.parse(data)
    } catch {
      throw PermissionScenarioError("\(name):\(error.line):\(error.column): \(error.message)")
    }
    guard object.members != nil else {
      throw PermissionScenarioError(
        "\(name):\(object.line ?? 1): expected a JSON object with an \"initial\" status"
      )
    }
    func place(_ value: JSONValue?) -> String {
      "\(name):\(value?.line ?? object.line ?? 1)"
    }
    func status(
      _ key: String,
      _ value: JSONValue?,
      in parent: JSONValue
    ) throws
      -> AuthorizationStatus
    {
      guard let raw = value?.string, let status = AuthorizationStatus(spelling: raw) else {
        throw PermissionScenarioError(
          "\(place(parent)): \"\(key)\" must be one of \(AuthorizationStatus.allCases.map(\.rawValue).joined(separator: ", "))"
        )
      }
      return status
    }
    func accuracy(
      _ key: String,
      _ value: JSONValue?,
      in parent: JSONValue,
      default fallback: AccuracyAuthorization
    ) throws
      -> AccuracyAuthorization
    {
      guard let value else { return fallback }
      guard let raw = value.string, let accuracy = AccuracyAuthorization(rawValue: raw) else {
        throw PermissionScenarioError(
          "\(place(parent)): \"\(key)\" must be \"full\" or \"reduced\""
        )
      }
      return accuracy
    }
    let initialAccuracy = try accuracy(
      "accuracy",
      object["accuracy"],
      in: object,
      default: .full
    )
    self.init(
      initialStatus: try status("initial", object["initial"], in: object),
      initialAccuracy: initialAccuracy,
      promptAnswer: try object["prompt"].map { try status("prompt", $0, in: object) }
        ?? .authorizedWhenInUse,
      promptAccuracy: try accuracy(
        "prompt_accuracy",
        object["prompt_accuracy"],
        in: object,
        default: initialAccuracy
      )
    )
    let list: [JSONValue]
    switch object["changes"] {
    case nil: list = []
    case .some(let value):
      guard let array = value.array else {
        throw PermissionScenarioError("\(place(object)): \"changes\" must be an array")
      }
      list = array
    }
    for (position, change) in list.enumerated() {
      guard change.members != nil else {
        throw PermissionScenarioError(
          "\(place(object["changes"])): changes[\(position)] must be an object"
        )
      }
      let moment: Moment
      if case .int(let fix) = change["at_fix"], fix >= 0 {
        moment = .fix(fix)
      } else if let seconds = change["at_seconds"]?.number, seconds >= 0,
        let elapsed = Duration.checkedSeconds(seconds)
      {
        moment = .elapsed(elapsed)
      } else {
        throw PermissionScenarioError(
          "\(place(change)): changes[\(position)] needs \"at_fix\" (an index ≥ 0) or "
            + "\"at_seconds\" (0 to \(Int(Duration.longestSeconds)))"
        )
      }
      changes.append(
        Change(
          at: moment,
          status: try status("changes[\(position)].status", change["status"], in: change),
          accuracy: try accuracy(
            "changes[\(position)].accuracy",
            change["accuracy"],
            in: change,
            default: initialAccuracy
          )
        )
      )
    }
  }

  private static var names: String { namedScenarios.map(\.name).joined(separator: ", ") }

  private static func named(_ name: String) throws -> PermissionScenario {
    switch name {
    case "granted": return .granted
    case "always": return PermissionScenario(initialStatus: .authorizedAlways)
    case "denied": return PermissionScenario(initialStatus: .denied)
    case "restricted": return PermissionScenario(initialStatus: .restricted)
    case "prompt-grant": return PermissionScenario(initialStatus: .notDetermined)
    case "prompt-deny":
      return PermissionScenario(initialStatus: .notDetermined, promptAnswer: .denied)
    case "prompt-reduced":
      return PermissionScenario(initialStatus: .notDetermined, promptAccuracy: .reduced)
    case "reduced":
      return PermissionScenario(initialStatus: .authorizedWhenInUse, initialAccuracy: .reduced)
    default:
      if name.contains("@") {
        throw PermissionScenarioError(
          "'\(name)' is a permission change, not a scenario: start with a scenario, such as "
            + "granted,\(name)"
        )
      }
      throw PermissionScenarioError(
        "unknown permission scenario '\(name)'; expected one of \(names)"
      )
    }
  }

  private static func moment(_ text: String, in part: String) throws -> Moment {
    if text.hasPrefix("fix:") {
      guard let index = Int(text.dropFirst(4)), index >= 0 else {
        throw PermissionScenarioError("'\(part)': expected fix:N with N a whole number ≥ 0")
      }
      return .fix(index)
    }
    if text.hasSuffix("m"), !text.hasSuffix("min") {
      throw PermissionScenarioError(
        "'\(part)': 'm' is metres in forage; write minutes as min (\(text.dropLast())min)"
      )
    }
    let units: [(suffix: String, seconds: Double)] = [
      ("ms", 0.001), ("min", 60), ("s", 1), ("h", 3600),
    ]
    var number = Substring(text)
    var scale = 1.0
    for unit in units where text.hasSuffix(unit.suffix) {
      number = text.dropLast(unit.suffix.count)
      scale = unit.seconds
      break
    }
    guard let value = Double(number), value >= 0,
      let elapsed = Duration.checkedSeconds(value * scale)
    else {
      throw PermissionScenarioError(
        "'\(part)': expected a time such as 90, 90s, 15min or 1h (at most "
          + "\(Int(Duration.longestSeconds)) s), or fix:N"
      )
    }
    return .elapsed(elapsed)
  }
}
