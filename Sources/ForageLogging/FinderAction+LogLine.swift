import ForageFinder
import ForageHTTP
import ForageLocation
import ForageSupport
import Logging

extension FinderAction {
  /// How loud the logging middleware reports this action: location actions at `trace`, answers
  /// at `debug`, the end of the run at `info`, failed searches at `notice`.
  ///
  /// Nothing is at `warning` or above: the run's errors are already events on standard output.
  var logLevel: Logger.Level {
    switch self {
    case .location: .trace
    case .placesAnswered: .debug
    case .placesFailed: .notice
    case .runFinished, .runCutShort, .notificationsSettled, .coverageSettled, .attributionSettled:
      .info
    }
  }

  /// The most characters of a log line's message: a message line's bound less room for the
  /// time, level and label the log handler writes before it.
  static let logLineLimit = TerminalText.messageLimit - 60

  /// The action in one line for a log, API keys redacted, at most ``logLineLimit`` characters.
  var logLine: String {
    let line: String
    switch self {
    case .location(let action, let at):
      line = "location \(action.logLine) at \(ISO8601.format(at))"
    case .placesAnswered(let answer):
      let nearest =
        answer.places.first.map { ", nearest \($0.place.displayName) at \(Int($0.distance)) m" }
        ?? ""
      line =
        "placesAnswered fix \(answer.fixIndex) from \(answer.source.rawValue): "
        + "\(answer.places.count) places\(nearest)"
    case .placesFailed(let failure):
      line =
        "placesFailed fix \(failure.fixIndex) \(failure.kind)"
        + "\(failure.isRetrying ? " (retrying)" : "")\(failure.isFatal ? " (fatal)" : ""): "
        + failure.message
    case .runFinished(let at, let requests, _):
      line = "runFinished at \(ISO8601.format(at)) after \(requests) requests"
    case .runCutShort(let at):
      line = "runCutShort at \(ISO8601.format(at))"
    case .notificationsSettled(let tally):
      line = "notificationsSettled: \(tally.sent) sent, \(tally.dropped) dropped"
    case .coverageSettled(let outline):
      line = "coverageSettled: \(outline.rings.count) rings, \(outline.pointCount) points"
    case .attributionSettled(let attribution):
      line = "attributionSettled: \(attribution)"
    }
    return TerminalText.escaped(
      Redaction.redact(line.replacing("\n", with: " ")),
      limit: Self.logLineLimit
    )
  }
}

extension LocationAction {
  /// The location action in a few words.
  fileprivate var logLine: String {
    switch self {
    case .authorizationRequested: "authorizationRequested"
    case .authorizationChanged(let status, let accuracy):
      "authorizationChanged \(status.rawValue) (\(accuracy.rawValue) accuracy)"
    case .updatesStarted: "updatesStarted"
    case .updatesStopped: "updatesStopped"
    case .fixReceived(let index, let fix, _):
      "fixReceived \(index) (\(fix.latitude), \(fix.longitude))"
    case .locationUnknown(let index): "locationUnknown \(index)"
    }
  }
}
