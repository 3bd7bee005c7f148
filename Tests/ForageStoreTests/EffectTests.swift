import ForageStore
import Foundation
import Testing

/// Async effects and thunks: tracking, idle, cancellation by id, latest wins.
@Suite struct EffectTests {
  /// An effect middleware: `.renamed(name)` starts a lookup that reports `.noted("found name")`
  /// once `release` lets it go; lookups share an id, so the latest wins.
  func lookup(release: AsyncLatch) -> Middleware<CounterState, CounterAction> {
    Middleware { context, action, next in
      next(action)
      guard case .renamed(let name) = action else { return }
      context.run(id: "lookup") { send in
        await release.wait()
        send(.noted("found \(name)"))
      }
    }
  }

  @Test func anEffectDispatchesAndIdleWaitsForIt() async {
    let store = makeStore(middleware: [
      Middleware { context, action, next in
        next(action)
        if action == .incremented {
          context.run { send in
            await Task.yield()
            send(.noted("after \(action)"))
          }
        }
      }
    ])
    store.dispatch(.incremented)
    await store.idle()
    #expect(store.state.log == ["after incremented"])
  }

  @Test func idleReturnsAtOnceOnAnIdleStore() async {
    let store = makeStore()
    await store.idle()
    #expect(store.state == CounterState())
  }

  @Test func anEffectCancelledByIdNeverDispatches() async {
    let release = AsyncLatch()
    let store = makeStore(middleware: [lookup(release: release)])
    store.dispatch(.renamed("Ada"))
    store.cancel(id: "lookup")
    release.open()
    await store.idle()
    #expect(store.state.log == [])
  }

  @Test func startingAnEffectWithARunningIdCancelsTheOldOne() async {
    let release = AsyncLatch()
    let store = makeStore(middleware: [lookup(release: release)])
    store.dispatch(.renamed("Ada"))
    store.dispatch(.renamed("Grace"))
    release.open()
    await store.idle()
    #expect(store.state.log == ["found Grace"])
  }

  @Test func effectsWithTheSameIdCanRunSideBySide() async {
    let store = makeStore()
    for index in 0..<3 {
      store.run(id: "batch", cancelInFlight: false) { send in send(.noted("\(index)")) }
    }
    await store.idle()
    #expect(store.state.log.sorted() == ["0", "1", "2"])
  }

  @Test func actionsQueuedByAnEffectAreDroppedWhenItIsCancelled() async {
    // Hold the processing thread inside a middleware while the effect sends, so the effect's
    // action is queued, then cancel the effect before the queue reaches it.
    let sent = Gate()
    let store = makeStore(middleware: [
      Middleware { context, action, next in
        next(action)
        guard action == .renamed("hold") else { return }
        context.run(id: "slow") { send in
          send(.noted("stale"))
          sent.open()
        }
        sent.wait()
        context.cancel(id: "slow")
      }
    ])
    // Wait without blocking a cooperative thread: the effect needs one to run.
    let done = AsyncLatch()
    Thread {
      store.dispatch(.renamed("hold"))
      done.open()
    }.start()
    await done.wait()
    await store.idle()
    #expect(store.state.log == [])
    #expect(store.state.name == "hold")
  }

  @Test func aThunkRunsAsyncWorkThatDispatches() async {
    let store = makeStore()
    store.run { send in
      for index in 1...3 { send(.added(index)) }
    }
    await store.idle()
    #expect(store.state.count == 6)
  }

  @Test func sendReportsCancellation() async {
    let store = makeStore()
    let release = AsyncLatch()
    let observed = Recorder<Bool>()
    store.run(id: 1) { send in
      await release.wait()
      observed.append(send.isCancelled)
    }
    store.cancel(id: 1)
    release.open()
    await store.idle()
    #expect(observed.values == [true])
  }

  @Test func releasingTheStoreCancelsItsEffects() async {
    let release = AsyncLatch()
    let cancelled = Recorder<Bool>()
    weak var weakStore: Store<CounterState, CounterAction>?
    do {
      let store = makeStore()
      weakStore = store
      store.run { send in
        await release.wait()
        cancelled.append(Task.isCancelled)
        send(.incremented)
      }
    }
    #expect(weakStore == nil)
    release.open()
    // The effect finishes on its own; wait for it through the recorder.
    while cancelled.values.isEmpty { await Task.yield() }
    #expect(cancelled.values == [true])
  }
}
