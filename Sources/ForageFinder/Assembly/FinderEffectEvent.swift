/// One step in the life of an effect a finder middleware started: it started, it finished, or
/// it was cancelled (by id, by a newer effect with the same id, or with the run).
///
/// Every effect started through ``FinderContext/run(_:id:cancelInFlight:operation:)`` reports
/// ``Phase/started`` once and then exactly one of ``Phase/finished`` or ``Phase/cancelled``.
public struct FinderEffectEvent: Sendable, Equatable {
  /// Where the effect is in its life.
  public enum Phase: String, Sendable, Equatable {
    /// The effect's task was started.
    case started
    /// The effect's work returned without being cancelled.
    case finished
    /// The effect was cancelled; nothing it sends from now on reaches the store.
    case cancelled
  }

  /// What happened.
  public var phase: Phase
  /// The name of the middleware that started the effect.
  public var middleware: String
  /// What the effect does, as its middleware labelled it (such as `search fix 12`).
  public var label: String
  /// A number unique within the run, from 1, so the steps of one effect can be matched.
  public var serial: Int

  /// Creates an event.
  public init(phase: Phase, middleware: String, label: String, serial: Int) {
    self.phase = phase
    self.middleware = middleware
    self.label = label
    self.serial = serial
  }
}
