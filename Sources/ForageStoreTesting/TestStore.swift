import ForageStore
import Testing

/// A store for tests that makes every state change and every effect action explicit.
///
/// In the manner of TCA's `TestStore`: ``send(_:assert:sourceLocation:)`` sends an action and
/// asserts the exact state it leaves; ``receive(_:assert:sourceLocation:)`` asserts, in order,
/// each action that middleware or effects dispatched; ``finish(sourceLocation:)`` (or the test
/// store's deinitialisation) fails if any dispatched action was not asserted or an effect is still
/// running. A state closure describes the change from the last asserted state; any difference
/// from the real state is reported with a line diff.
///
/// ```swift
/// let store = TestStore(initialState: Search(), reducer: search, middleware: [searchEffects])
/// await store.send(.queryChanged("pho")) { $0.query = "pho" }
/// await store.receive(.resultsLoaded(["Pho 99"])) { $0.results = ["Pho 99"] }
/// await store.finish()
/// ```
public final class TestStore<State: Equatable & Sendable, Action: Equatable & Sendable>:
  @unchecked Sendable
{
  /// The store under test; it runs the real middleware and reducer.
  public let store: Store<State, Action>
  /// How long ``receive(_:assert:sourceLocation:)`` and ``finish(sourceLocation:)`` wait for
  /// running effects before failing.
  public var timeout: Duration
  /// The state as the test has asserted it so far.
  public private(set) var assertedState: State

  private let log: StepLog<Action, State>
  private let report: FailureReporter
  private var isFinished = false
  private let creation: SourceLocation

  /// Creates a test store.
  ///
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - reducer: The reducer under test.
  ///   - middleware: The middleware under test, in order.
  ///   - timeout: How long to wait for effects before failing.
  ///   - reportFailure: Where failures go; Swift Testing issues by default.
  ///   - sourceLocation: Where failures found when the test store is released are reported.
  public init(
    initialState: State,
    reducer: Reducer<State, Action>,
    middleware: [Middleware<State, Action>] = [],
    timeout: Duration = .seconds(5),
    reportFailure: FailureReporter = .issueRecord,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    self.creation = sourceLocation
    let log = StepLog<Action, State>()
    self.log = log
    self.report = reportFailure
    self.timeout = timeout
    self.assertedState = initialState
    self.store = Store(
      initialState: initialState,
      reducer: reducer,
      middleware: middleware,
      processed: { action, isSent, state in
        log.append(Step(action: action, isSent: isSent, state: state))
      }
    )
  }

  deinit {
    if !isFinished { checkCompletion(at: creation) }
    store.cancelAllEffects()
  }

  /// The store's current state.
  public var state: State { store.state }

  /// Sends an action and asserts the state it leaves.
  ///
  /// Fails if actions dispatched by effects are still unasserted, or if the resulting state differs
  /// from the last asserted state changed by `updateExpected` (no closure: no change expected).
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - updateExpected: Changes the last asserted state into the expected one.
  ///   - sourceLocation: Where failures are reported.
  public func send(
    _ action: Action,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let unhandled = log.takeAllReceived()
    if let last = unhandled.last {
      report(
        "Must handle \(unhandled.count) received action(s) before sending \(action):\n"
          + unhandled.map { "  \($0.action)" }.joined(separator: "\n"),
        at: sourceLocation
      )
      assertedState = last.state
    }
    store.dispatchForTesting(action)
    guard let step = await next(where: \.isSent) else {
      report("Timed out waiting for \(action) to be processed.", at: sourceLocation)
      return
    }
    expect(step, toMatch: updateExpected, after: "sending \(action)", at: sourceLocation)
  }

  /// Asserts the next action that middleware or an effect dispatched, and the state it left.
  ///
  /// Waits for running effects when nothing has been dispatched yet; fails at once if the store
  /// is idle, or after ``timeout``.
  ///
  /// - Parameters:
  ///   - expected: The action expected next.
  ///   - updateExpected: Changes the last asserted state into the expected one.
  ///   - sourceLocation: Where failures are reported.
  public func receive(
    _ expected: Action,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    guard let step = await next(where: { !$0.isSent }) else {
      let reason = store.isIdle ? "the store is idle" : "timed out after \(timeout)"
      report(
        "Expected to receive \(expected), but nothing was received: \(reason).",
        at: sourceLocation
      )
      return
    }
    if step.action != expected {
      report(
        "Received an unexpected action:\n"
          + LineDiff.render(
            expected: LineDiff.describe(expected),
            actual: LineDiff.describe(step.action)
          ) + "\n(− expected, + received)",
        at: sourceLocation
      )
    }
    expect(step, toMatch: updateExpected, after: "receiving \(step.action)", at: sourceLocation)
  }

  /// Accepts every action received so far without asserting them, adopting the latest state.
  public func skipReceivedActions() {
    if let last = log.takeAllReceived().last { assertedState = last.state }
  }

  /// Waits for the store to go idle, then fails on unasserted actions and running effects.
  ///
  /// - Parameter sourceLocation: Where failures are reported.
  public func finish(sourceLocation: SourceLocation = #_sourceLocation) async {
    isFinished = true
    await waitUntilIdle()
    checkCompletion(at: sourceLocation)
    store.cancelAllEffects()
  }

  // MARK: - Internals

  private func checkCompletion(at sourceLocation: SourceLocation) {
    let unhandled = log.takeAllReceived()
    if !unhandled.isEmpty {
      report(
        "\(unhandled.count) received action(s) were not asserted:\n"
          + unhandled.map { "  \($0.action)" }.joined(separator: "\n"),
        at: sourceLocation
      )
    }
    let running = store.effectsInFlight
    if running > 0 {
      report("\(running) effect(s) are still running at the end of the test.", at: sourceLocation)
    }
  }

  private func expect(
    _ step: Step<Action, State>,
    toMatch updateExpected: ((inout State) throws -> Void)?,
    after description: String,
    at sourceLocation: SourceLocation
  ) {
    var expected = assertedState
    do {
      try updateExpected?(&expected)
    } catch {
      report("The state assertion threw: \(error)", at: sourceLocation)
    }
    if expected != step.state {
      report(
        "State after \(description) differs from the expected state (− expected, + actual):\n"
          + LineDiff.render(
            expected: LineDiff.describe(expected),
            actual: LineDiff.describe(step.state)
          ),
        at: sourceLocation
      )
    }
    assertedState = step.state
  }

  /// The next processed step matching `predicate`, waiting for effects up to ``timeout``; `nil`
  /// when none comes because the store went idle or time ran out.
  private func next(
    where predicate: @escaping (Step<Action, State>) -> Bool
  ) async -> Step<Action, State>? {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    let watchers = startWatchers(deadline: deadline)
    defer { for watcher in watchers { watcher.cancel() } }
    while true {
      let (step, generation) = log.take(where: predicate)
      if let step { return step }
      if store.isIdle || ContinuousClock.now >= deadline {
        return log.take(where: predicate).0
      }
      await log.wait(after: generation)
    }
  }

  private func waitUntilIdle() async {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    let watchers = startWatchers(deadline: deadline)
    defer { for watcher in watchers { watcher.cancel() } }
    while true {
      let (_, generation) = log.take { _ in false }
      if store.isIdle || ContinuousClock.now >= deadline { return }
      await log.wait(after: generation)
    }
  }

  /// Tasks that wake the waiting test when the store goes idle or the deadline passes.
  private func startWatchers(deadline: ContinuousClock.Instant) -> [Task<Void, Never>] {
    let log = self.log
    let store = self.store
    return [
      Task {
        await store.idle()
        log.poke()
      },
      Task {
        try? await Task.sleep(until: deadline, clock: .continuous)
        log.poke()
      },
    ]
  }
}
