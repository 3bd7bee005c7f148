import ForageLocation
import ForageStore
import Foundation

extension FinderMiddleware {
  /// Gives actions that middleware dispatch without a time (the app's and the system's location
  /// actions) the current replay time, so every recorded action carries its real time. Place it
  /// first.
  public static let timeStamping = FinderMiddleware(
    "time-stamping",
    middleware: Middleware { context, action, next in
      if case .location(let location, let at) = action, at == .distantPast {
        next(.location(location, at: context.state.now))
      } else {
        next(action)
      }
    }
  )

  /// The app's side of the location machine: asks for permission when it is not determined yet
  /// and starts location updates (`ForageLocation/LocationFeature/app(state:extract:embed:)`).
  public static let locationApp = FinderMiddleware(
    "location-app",
    middleware: LocationFeature.app(
      state: \.location,
      extract: \.location,
      embed: { .location($0, at: .distantPast) }
    )
  )

  /// The system's side of the location machine: answers the permission prompt as a scenario
  /// says (`ForageLocation/LocationFeature/system(_:state:extract:embed:)`).
  ///
  /// - Parameter scenario: The simulated user's answers, or `nil` for the run's
  ///   ``FinderOptions/scenario`` (which also drives the permission changes during the replay).
  public static func locationSystem(_ scenario: PermissionScenario? = nil) -> FinderMiddleware {
    FinderMiddleware(
      "location-system",
      storeMiddleware: { setup in
        LocationFeature.system(
          scenario ?? setup.options.scenario,
          state: \.location,
          extract: \.location,
          embed: { .location($0, at: .distantPast) }
        )
      }
    )
  }
}
