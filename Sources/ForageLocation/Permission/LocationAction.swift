import ForageTracks
import Foundation

/// What happened to the location machinery: the app's requests and the system's reports.
public enum LocationAction: Sendable, Equatable {
  /// The app asked for permission (`requestWhenInUseAuthorization`); prompts only when
  /// the status is not determined.
  case authorizationRequested
  /// The system reported an authorization (the initial report, a prompt's answer, or a change
  /// in Settings).
  case authorizationChanged(AuthorizationStatus, AccuracyAuthorization)
  /// The app started location updates.
  case updatesStarted
  /// The app stopped location updates.
  case updatesStopped
  /// The provider produced a fix; `receivedAt` is the clock's time on arrival.
  case fixReceived(index: Int, fix: Fix, receivedAt: Date?)
  /// The provider could not get a fix for now (CoreLocation's transient `locationUnknown`).
  case locationUnknown(index: Int)
}
