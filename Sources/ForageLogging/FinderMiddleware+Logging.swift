import ForageFinder
import ForageHTTP
import ForageSupport
import Logging

extension FinderMiddleware {
  /// Logs one line per action (after it is reduced) and one per effect start, finish and
  /// cancel, through swift-log, with API keys redacted.
  ///
  /// Levels: location actions at `trace`; answers and effects at `debug`; the end of the run at
  /// `info`; failed searches at `notice`. At the `warning` default nothing is written, and the
  /// cost is one level check per action (no message is built).
  ///
  /// - Parameter logger: Where lines go; its handler decides the format and destination (the
  ///   `forage` CLI writes to standard error, never standard output).
  public static func logging(_ logger: Logger) -> FinderMiddleware {
    FinderMiddleware(
      "logging",
      setUp: { setup in
        if logger.logLevel <= .debug {
          setup.observeEffects { event in
            logger.debug(
              "effect \(event.middleware) #\(event.serial) \(event.phase.rawValue): \(TerminalText.escaped(Redaction.redact(event.label), limit: FinderAction.logLineLimit))"
            )
          }
        }
        return { _, action, next in
          next(action)
          logger.log(level: action.logLevel, "\(action.logLine)")
        }
      }
    )
  }
}
