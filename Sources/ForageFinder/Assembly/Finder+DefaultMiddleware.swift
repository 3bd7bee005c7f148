import ForageProviders

extension Finder {
  /// The chain `forage run` uses, in order: ``FinderMiddleware/timeStamping``,
  /// ``FinderMiddleware/locationApp``, ``FinderMiddleware/locationSystem(_:)``, `places`, then
  /// when asked the notifications (ForageNotifications' `FinderMiddleware.notifications(_:)`),
  /// a recorder (ForageRecording's `FinderMiddleware.recorder(_:)`) and logging
  /// (ForageLogging's `FinderMiddleware.logging(_:)`).
  ///
  /// The finder knows the order; the middleware after `places` come from modules of their own,
  /// which depend on the finder, so they are passed in as values.
  ///
  /// - Parameters:
  ///   - places: The places middleware, such as
  ///     ``FinderMiddleware/places(_:requestCount:cacheFile:api:hours:onSkipped:sharing:clock:)``
  ///     over a provider value, or `nil` for a location-only run.
  ///   - notifications: The middleware that POSTs the places that enter the answer, or `nil`.
  ///   - recorder: The middleware that records every action for `forage replay`, or `nil`.
  ///   - logging: The middleware that logs every action and effect, or `nil` for no logging.
  /// - Returns: The chain; change it as you like before building a ``Finder``.
  public static func defaultMiddleware(
    places: FinderMiddleware?,
    notifications: FinderMiddleware? = nil,
    recorder: FinderMiddleware? = nil,
    logging: FinderMiddleware? = nil
  ) -> [FinderMiddleware] {
    var chain: [FinderMiddleware] = [.timeStamping, .locationApp, .locationSystem()]
    if let places { chain.append(places) }
    if let notifications { chain.append(notifications) }
    if let recorder { chain.append(recorder) }
    if let logging { chain.append(logging) }
    return chain
  }

  /// The chain `forage run` uses, around a places provider value (Google Nearby Search, Places
  /// API (New), or a test double); see
  /// ``defaultMiddleware(places:notifications:recorder:logging:)``.
  ///
  /// - Parameters:
  ///   - provider: Where places come from.
  ///   - requestCount: Reads how many HTTP requests `provider` has sent, or `nil`.
  ///   - notifications: The middleware that POSTs the places that enter the answer, or `nil`.
  ///   - recorder: The middleware that records every action, or `nil`.
  ///   - logging: The middleware that logs every action and effect, or `nil`.
  public static func defaultMiddleware(
    provider: any PlacesProvider,
    requestCount: (@Sendable () -> Int)? = nil,
    notifications: FinderMiddleware? = nil,
    recorder: FinderMiddleware? = nil,
    logging: FinderMiddleware? = nil
  ) -> [FinderMiddleware] {
    defaultMiddleware(
      places: .places(provider, requestCount: requestCount),
      notifications: notifications,
      recorder: recorder,
      logging: logging
    )
  }
}
