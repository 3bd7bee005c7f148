import Synchronization

/// Numbers the effects of one run and tells the observers when each starts, finishes or is
/// cancelled, exactly once for each step.
final class EffectMonitor: Sendable {
  /// An effect's cancellation id; made only from `Hashable & Sendable` values.
  struct ID: Hashable, @unchecked Sendable {
    let value: AnyHashable
    init(_ value: some Hashable & Sendable) { self.value = AnyHashable(value) }
  }

  private struct Running {
    var event: FinderEffectEvent
    var id: ID?
  }

  private struct State {
    var nextSerial = 1
    var running: [Int: Running] = [:]
    var observers: [@Sendable (FinderEffectEvent) -> Void] = []
  }

  private let state = Mutex(State())

  /// Creates a monitor with no observers.
  init() {}

  /// Sets who is told, in order; called once the run's middleware have been set up.
  func observe(with observers: [@Sendable (FinderEffectEvent) -> Void]) {
    state.withLock { $0.observers = observers }
  }

  /// Whether anyone listens; without observers, effects are not wrapped at all.
  var isObserved: Bool { state.withLock { !$0.observers.isEmpty } }

  /// Registers a starting effect, reporting the running effects with the same id as cancelled
  /// when `cancelsInFlight`, and returns its serial number.
  func start(
    middleware: String,
    label: String,
    id: ID?,
    cancelsInFlight: Bool
  ) -> Int {
    let (event, superseded) = state.withLock { state in
      let serial = state.nextSerial
      state.nextSerial += 1
      let superseded = cancelsInFlight && id != nil ? takeRunning(id: id, from: &state) : []
      let event = FinderEffectEvent(
        phase: .started,
        middleware: middleware,
        label: label,
        serial: serial
      )
      state.running[serial] = Running(event: event, id: id)
      return (event, superseded)
    }
    for cancelled in superseded { report(cancelled) }
    report(event)
    return event.serial
  }

  /// Reports the effects started with `id` as cancelled.
  func cancel(id: ID) {
    let cancelled = state.withLock { takeRunning(id: id, from: &$0) }
    for event in cancelled { report(event) }
  }

  /// Reports an effect's end, unless its cancellation was already reported.
  func end(serial: Int, isCancelled: Bool) {
    let running = state.withLock { $0.running.removeValue(forKey: serial) }
    guard var event = running?.event else { return }
    event.phase = isCancelled ? .cancelled : .finished
    report(event)
  }

  private func takeRunning(id: ID?, from state: inout State) -> [FinderEffectEvent] {
    let serials = state.running.filter { $0.value.id == id }.keys.sorted()
    return serials.compactMap { serial in
      guard var event = state.running.removeValue(forKey: serial)?.event else { return nil }
      event.phase = .cancelled
      return event
    }
  }

  private func report(_ event: FinderEffectEvent) {
    for observer in state.withLock({ $0.observers }) { observer(event) }
  }
}
