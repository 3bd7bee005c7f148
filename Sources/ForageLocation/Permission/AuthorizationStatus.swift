/// Whether the app may receive locations, modelled on CoreLocation's `CLAuthorizationStatus`.
public enum AuthorizationStatus: String, Sendable, Hashable, CaseIterable {
  /// The user has not been asked yet. Only from here does a request show a prompt.
  case notDetermined = "not_determined"
  /// Location is restricted (for example by parental controls); the user cannot change it.
  case restricted
  /// The user refused, or location services are off.
  case denied
  /// The app may receive locations while in use.
  case authorizedWhenInUse = "authorized_when_in_use"
  /// The app may receive locations at any time.
  case authorizedAlways = "authorized_always"

  /// Whether locations may flow.
  public var isAuthorized: Bool {
    self == .authorizedWhenInUse || self == .authorizedAlways
  }
}

/// How precise authorized locations are, modelled on CoreLocation's `CLAccuracyAuthorization`.
public enum AccuracyAuthorization: String, Sendable, Hashable, CaseIterable {
  /// Precise locations.
  case full
  /// Approximate locations only: coarse positions, kilometres off, and rare.
  case reduced
}
