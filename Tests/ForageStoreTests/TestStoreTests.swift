import ForageStore
import ForageStoreTesting
import Foundation
import Testing

/// The exhaustive test store: it passes when every change is asserted, and fails when not.
@Suite struct TestStoreTests {
  /// `.renamed(name)` starts an effect that reports `.noted("hello name")` once `release` opens.
  func greeter(release: AsyncLatch) -> Middleware<CounterState, CounterAction> {
    Middleware { context, action, next in
      next(action)
      guard case .renamed(let name) = action else { return }
      context.run(id: "greet") { send in
        await release.wait()
        send(.noted("hello \(name)"))
      }
    }
  }

  /// A test store whose failures are collected instead of recorded.
  func makeTestStore(
    release: AsyncLatch = AsyncLatch(),
    failures: Recorder<String>
  ) -> TestStore<CounterState, CounterAction> {
    TestStore(
      initialState: CounterState(),
      reducer: counterReducer,
      middleware: [greeter(release: release)],
      timeout: .seconds(2),
      reportFailure: FailureReporter { message, _ in failures.append(message) }
    )
  }

  @Test func passesWhenEveryChangeAndEveryReceivedActionIsAsserted() async {
    let release = AsyncLatch()
    let store = TestStore(
      initialState: CounterState(),
      reducer: counterReducer,
      middleware: [greeter(release: release)]
    )
    await store.send(.incremented) { $0.count = 1 }
    await store.send(.renamed("Ada")) { $0.name = "Ada" }
    release.open()
    await store.receive(.noted("hello Ada")) { $0.log = ["hello Ada"] }
    await store.finish()
  }

  @Test func reportsAStateMismatchWithALineDiff() async {
    let failures = Recorder<String>()
    let store = makeTestStore(failures: failures)
    await store.send(.added(2)) { $0.count = 3 }
    await store.finish()
    #expect(failures.values.count == 1)
    let message = failures.values.first
    #expect(message?.contains("State after sending added(2) differs") == true)
    #expect(message?.contains("−   - count: 3") == true)
    #expect(message?.contains("+   - count: 2") == true)
    #expect(message?.contains("  ▿ ForageStoreTests.CounterState") == true)
  }

  @Test func anUnassertedStateChangeFails() async {
    let failures = Recorder<String>()
    let store = makeTestStore(failures: failures)
    await store.send(.incremented)
    #expect(failures.values.count == 1)
    await store.finish()
  }

  @Test func anUnreceivedActionFailsAtFinish() async {
    let release = AsyncLatch()
    let failures = Recorder<String>()
    let store = makeTestStore(release: release, failures: failures)
    await store.send(.renamed("Ada")) { $0.name = "Ada" }
    release.open()
    await store.finish()
    #expect(failures.values == ["1 received action(s) were not asserted:\n  noted(\"hello Ada\")"])
  }

  @Test func anEffectStillRunningFailsAtFinish() async {
    let failures = Recorder<String>()
    let store = TestStore(
      initialState: CounterState(),
      reducer: counterReducer,
      middleware: [greeter(release: AsyncLatch())],
      timeout: .milliseconds(50),
      reportFailure: FailureReporter { message, _ in failures.append(message) }
    )
    await store.send(.renamed("Ada")) { $0.name = "Ada" }
    await store.finish()
    #expect(failures.values == ["1 effect(s) are still running at the end of the test."])
  }

  @Test func receivingTheWrongActionFails() async {
    let release = AsyncLatch()
    let failures = Recorder<String>()
    let store = makeTestStore(release: release, failures: failures)
    await store.send(.renamed("Ada")) { $0.name = "Ada" }
    release.open()
    await store.receive(.noted("hello Grace")) { $0.log = ["hello Ada"] }
    await store.finish()
    #expect(failures.values.count == 1)
    #expect(failures.values.first?.hasPrefix("Received an unexpected action:") == true)
  }

  @Test func receivingWhenNothingCanArriveFailsAtOnce() async {
    let failures = Recorder<String>()
    let store = makeTestStore(failures: failures)
    await store.send(.incremented) { $0.count = 1 }
    await store.receive(.decremented)
    #expect(
      failures.values == [
        "Expected to receive decremented, but nothing was received: the store is idle."
      ]
    )
    await store.finish()
  }

  @Test func sendingBeforeHandlingReceivedActionsFails() async {
    let release = AsyncLatch()
    let failures = Recorder<String>()
    let store = makeTestStore(release: release, failures: failures)
    await store.send(.renamed("Ada")) { $0.name = "Ada" }
    release.open()
    await store.store.idle()
    await store.send(.incremented) { $0.count = 1 }
    #expect(failures.values.count == 1)
    #expect(failures.values.first?.hasPrefix("Must handle 1 received action(s)") == true)
    #expect(store.assertedState.log == ["hello Ada"])
    await store.finish()
  }

  @Test func skipReceivedActionsAcceptsThemAndAdoptsTheirState() async {
    let release = AsyncLatch()
    let failures = Recorder<String>()
    let store = makeTestStore(release: release, failures: failures)
    await store.send(.renamed("Ada")) { $0.name = "Ada" }
    release.open()
    await store.store.idle()
    store.skipReceivedActions()
    await store.send(.incremented) { $0.count = 1 }
    await store.finish()
    #expect(failures.values.isEmpty)
  }

  @Test func failuresGoToSwiftTestingByDefault() async {
    await withKnownIssue {
      let store = TestStore(initialState: CounterState(), reducer: counterReducer)
      await store.send(.incremented) { $0.count = 2 }
      await store.finish()
    }
  }

  @Test func releasingAnUnfinishedTestStoreWithPendingActionsFails() async {
    let release = AsyncLatch()
    let failures = Recorder<String>()
    do {
      let store = makeTestStore(release: release, failures: failures)
      await store.send(.renamed("Ada")) { $0.name = "Ada" }
      release.open()
      await store.store.idle()
    }
    #expect(failures.values == ["1 received action(s) were not asserted:\n  noted(\"hello Ada\")"])
  }
}
