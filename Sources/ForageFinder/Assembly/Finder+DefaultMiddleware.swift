import ForagePlaces
import Logging

extension Finder {
  /// The chain `forage run` uses, in order: ``FinderMiddleware/timeStamping``,
  /// ``FinderMiddleware/locationApp``, ``FinderMiddleware/locationSystem(_:)``, `places`, then
  /// when asked ``FinderMiddleware/notifications(_:)``, a recorder (ForageRecording's
  /// `FinderMiddleware.recorder(_:)`) and ``FinderMiddleware/logging(_:)``.
  ///
  /// - Parameters:
  ///   - places: The places middleware, such as ``FinderMiddleware/places(_:requestCount:)`` over
  ///     a provider value, or `nil` for a location-only run.
  ///   - recorder: The middleware that records every action for `forage replay`, or `nil`.
  ///   - logger: Where to log every action and effect, or `nil` for no logging.
  ///   - notifications: Where to POST the places that enter the answer, or `nil`.
  /// - Returns: The chain; change it as you like before building a ``Finder``.
  public static func defaultMiddleware(
    places: FinderMiddleware?,
    recorder: FinderMiddleware? = nil,
    logger: Logger? = nil,
    notifications: NotificationConfiguration? = nil
  ) -> [FinderMiddleware] {
    var chain: [FinderMiddleware] = [.timeStamping, .locationApp, .locationSystem()]
    if let places { chain.append(places) }
    if let notifications { chain.append(.notifications(notifications)) }
    if let recorder { chain.append(recorder) }
    if let logger { chain.append(.logging(logger)) }
    return chain
  }

  /// The chain `forage run` uses, around a places provider value (Google Nearby Search, Places
  /// API (New), or a test double); see ``defaultMiddleware(places:recorder:logger:notifications:)``.
  ///
  /// - Parameters:
  ///   - provider: Where places come from.
  ///   - requestCount: Reads how many HTTP requests `provider` has sent, or `nil`.
  ///   - recorder: The middleware that records every action, or `nil`.
  ///   - logger: Where to log, or `nil`.
  ///   - notifications: Where to POST the places that enter the answer, or `nil`.
  public static func defaultMiddleware(
    provider: any PlacesProvider,
    requestCount: (@Sendable () -> Int)? = nil,
    recorder: FinderMiddleware? = nil,
    logger: Logger? = nil,
    notifications: NotificationConfiguration? = nil
  ) -> [FinderMiddleware] {
    defaultMiddleware(
      places: .places(provider, requestCount: requestCount),
      recorder: recorder,
      logger: logger,
      notifications: notifications
    )
  }
}
