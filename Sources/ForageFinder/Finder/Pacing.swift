import ForageLocation

/// How fast a replay runs.
public enum Pacing: Sendable, Hashable {
  /// Virtual time: as fast as the machine allows, and deterministic (the default).
  case virtual
  /// Track time scaled to the wall clock: 1 is real time, 10 is ten times faster.
  case speed(Double)
  /// Track time on a clock a person steers while the replay runs (pause, speed), as
  /// `forage watch`'s keys do.
  case steered(ReplayClock)
}
