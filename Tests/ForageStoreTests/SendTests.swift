import ForageStore
import Testing

/// `await store.send(action)` returns once the action and everything it caused have finished,
/// and cancelling the task awaiting it cancels what it caused.
@Suite struct SendTests {
  /// A search: `.renamed` starts an effect that waits for `latch`, then sends `.noted`; `.noted`
  /// starts a second effect that sends `.incremented`, and the middleware also dispatches
  /// `.decremented` for every `.noted`.
  static func searching(
    latch: AsyncLatch,
    started: Recorder<String>
  ) -> Middleware<CounterState, CounterAction> {
    Middleware { context, action, next in
      next(action)
      switch action {
      case .renamed(let name):
        context.run(id: "search") { send in
          started.append("search \(name)")
          await latch.wait()
          send(.noted("found \(name)"))
        }
      case .noted:
        context.dispatch(.decremented)
        context.run { send in send(.incremented) }
      default: break
      }
    }
  }

  @Test func sendReturnsAfterTheActionAndEverythingItCaused() async {
    let latch = AsyncLatch()
    let store = makeStore(middleware: [Self.searching(latch: latch, started: Recorder())])
    let finished = Recorder<Bool>()
    let sent = Task {
      await store.send(.renamed("ramen"))
      finished.append(true)
    }
    await Task.yield()
    #expect(finished.values.isEmpty)
    latch.open()
    await sent.value
    // The search's result, the middleware's dispatch and the second effect's action.
    #expect(store.state.log == ["found ramen"])
    #expect(store.state.count == 0)  // -1 from .decremented, +1 from the second effect
    #expect(store.state.name == "ramen")
  }

  @Test func sendOnAnActionWithoutEffectsReturnsOnceItIsReduced() async {
    let store = makeStore()
    await store.send(.added(5))
    #expect(store.state.count == 5)
  }

  @Test func sendDoesNotWaitForWorkItDidNotCause() async {
    let latch = AsyncLatch()
    let store = makeStore(middleware: [Self.searching(latch: latch, started: Recorder())])
    // An effect started by a plain dispatch is not part of the send below.
    store.dispatch(.renamed("other"))
    await store.send(.added(1))
    #expect(store.state.count == 1)
    #expect(store.state.log.isEmpty)
    latch.open()
    await store.idle()
    #expect(store.state.log == ["found other"])
  }

  @Test func cancellingTheSendingTaskCancelsTheEffectsItCaused() async {
    let latch = AsyncLatch()
    let started = Recorder<String>()
    let store = makeStore(middleware: [Self.searching(latch: latch, started: started)])
    let sent = Task { await store.send(.renamed("pho")) }
    while started.values.isEmpty { await Task.yield() }
    sent.cancel()
    // The search does not watch for cancellation: `send` returns once its task has returned.
    latch.open()
    await sent.value
    await store.idle()
    // The cancelled search never delivered its result.
    #expect(store.state.log.isEmpty)
    #expect(store.state.name == "pho")
  }

  @Test func aSendCancelledBeforeItStartsReturns() async {
    let store = makeStore()
    let sent = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      await store.send(.incremented)
    }
    await sent.value
    await store.idle()
    #expect(store.state.count == 0)
  }

  @Test func concurrentSendsEachWaitForTheirOwnWork() async {
    let store = makeStore()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 {
        group.addTask { await store.send(.incremented) }
      }
    }
    #expect(store.state.count == 100)
  }
}
