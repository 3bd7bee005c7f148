import ForageFinder
import ForageLocation
import Synchronization

/// A live view of a session in place of its output (`forage watch`): it subscribes to the
/// run's store, learns the places backend once it is started, and can end the run early.
struct SessionView: Sendable {
  /// Subscribes the view to the run's store.
  var subscriber: FinderSubscriber
  /// Told the places backend once it is started (the view shows its requests).
  var backendStarted: @Sendable (PlacesBackend) -> Void
  /// Ends the run early, as the view's user asks.
  var control: RunControl
}

/// Ends a run early from any thread: a track's readings run out, a gpsd connection closes.
///
/// A run that ends this way ends as one that ran out: its summary is written and the command
/// exits 0.
final class RunControl: Sendable {
  private struct State {
    var isStopped = false
    var actions: [@Sendable () -> Void] = []
  }

  private let state = Mutex(State())

  /// Whether ``stop()`` was called.
  var isStopped: Bool { state.withLock { $0.isStopped } }

  /// Runs `action` when the run is stopped (now, if it already is).
  func onStop(_ action: @escaping @Sendable () -> Void) {
    let isStopped = state.withLock { state in
      if !state.isStopped { state.actions.append(action) }
      return state.isStopped
    }
    if isStopped { action() }
  }

  /// Stops the run; the second and later calls do nothing.
  func stop() {
    let actions = state.withLock { state in
      guard !state.isStopped else { return [@Sendable () -> Void]() }
      state.isStopped = true
      defer { state.actions = [] }
      return state.actions
    }
    for action in actions { action() }
  }
}

extension FixSource {
  /// The same readings, which run out once `control` is stopped.
  func ending(on control: RunControl) -> FixSource {
    FixSource(expectedCount: expectedCount, fallbackTime: fallbackTime) { [self] in
      let next = try makeReadings()
      return { control.isStopped ? nil : try await next() }
    }
  }
}
