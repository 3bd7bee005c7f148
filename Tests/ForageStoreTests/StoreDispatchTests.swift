import ForageStore
import Testing

/// Dispatch: reduce, FIFO order, queued nested dispatch, and dispatch from many threads.
@Suite struct StoreDispatchTests {
  @Test func startsWithTheInitialState() {
    let store = makeStore(CounterState(count: 7))
    #expect(store.state.count == 7)
  }

  @Test func dispatchOnAnIdleStoreReducesAndNotifiesBeforeReturning() {
    let store = makeStore()
    let seen = Recorder<Int>()
    let token = store.subscribe(\.count) { seen.append($0) }
    store.dispatch(.incremented)
    #expect(store.state.count == 1)
    #expect(seen.values == [0, 1])
    withExtendedLifetime(token) {}
  }

  @Test func eightThreadsOfTenThousandDispatchesGiveAnExactCount() {
    let store = makeStore()
    let notifications = Recorder<Int>()
    let token = store.subscribe(\.count) { notifications.append($0) }
    onThreads(8) { _ in
      for _ in 0..<10_000 { store.dispatch(.incremented) }
    }
    #expect(store.state.count == 80_000)
    // Every action changes the count, so the subscriber saw 0 then each value once, in order.
    #expect(notifications.values == Array(0...80_000))
    withExtendedLifetime(token) {}
  }

  @Test func actionsFromEachThreadKeepTheirOrder() {
    let store = makeStore()
    onThreads(4) { thread in
      for index in 0..<500 { store.dispatch(.noted("\(thread):\(index)")) }
    }
    let log = store.state.log
    #expect(log.count == 2_000)
    for thread in 0..<4 {
      let mine = log.filter { $0.hasPrefix("\(thread):") }
      #expect(mine == (0..<500).map { "\(thread):\($0)" })
    }
  }

  @Test func aDispatchFromASubscriberIsProcessedAfterTheCurrentAction() {
    let store = makeStore()
    let events = Recorder<String>()
    let first = store.subscribe(\.count) { [weak store] count in
      events.append("first saw \(count)")
      if count == 1 {
        store?.dispatch(.noted("nested"))
        events.append("first returned from nested dispatch")
      }
    }
    let second = store.subscribe(\.count) { events.append("second saw \($0)") }
    let logWatcher = store.subscribe(\.log) { events.append("log \($0)") }
    store.dispatch(.incremented)
    store.dispatch(.noted("after"))
    #expect(
      events.values == [
        "first saw 0", "second saw 0", "log []",
        "first saw 1", "first returned from nested dispatch", "second saw 1",
        "log [\"nested\"]",
        "log [\"nested\", \"after\"]",
      ]
    )
    withExtendedLifetime((first, second, logWatcher)) {}
  }

  @Test func aReducerThatDispatchesQueuesInsteadOfRecursing() {
    final class Box: @unchecked Sendable { weak var store: Store<CounterState, CounterAction>? }
    let box = Box()
    let store = Store<CounterState, CounterAction>(initialState: CounterState()) { state, action in
      counterReducer.reduce(&state, action)
      // Not how reducers should be written, but it must not deadlock or recurse.
      if action == .incremented { box.store?.dispatch(.noted("from reducer at \(state.count)")) }
    }
    box.store = store
    store.dispatch(.incremented)
    store.dispatch(.incremented)
    #expect(store.state.log == ["from reducer at 1", "from reducer at 2"])
  }
}
