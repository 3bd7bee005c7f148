import ForageStore
import Foundation
import Testing

/// `store.values(of:)` and `store.values(select:)`: the distinct values of a selection as an
/// asynchronous sequence, current value first, ended when the consumer stops or the store goes
/// away.
@Suite struct ValuesTests {
  @Test func theCurrentValueComesFirstThenEachDistinctChange() async {
    let store = makeStore(CounterState(count: 3))
    let values = store.values(of: \.count)
    store.dispatch(.incremented)
    store.dispatch(.renamed("same count"))  // no change: skipped
    store.dispatch(.added(0))  // no change: skipped
    store.dispatch(.added(2))
    var seen: [Int] = []
    for await count in values {
      seen.append(count)
      if seen.count == 3 { break }
    }
    #expect(seen == [3, 4, 6])
  }

  @Test func aClosureSelectionGivesItsDistinctValues() async {
    let store = makeStore()
    let parity = store.values(select: { $0.count % 2 == 0 ? "even" : "odd" })
    for _ in 0..<4 { store.dispatch(.incremented) }
    var seen: [String] = []
    for await value in parity {
      seen.append(value)
      if seen.count == 5 { break }
    }
    #expect(seen == ["even", "odd", "even", "odd", "even"])
  }

  @Test func aSelectionWithFiltersGivesWhatTheFiltersLetThrough() async {
    let store = makeStore()
    let values = store.values(Selection(\CounterState.count).only { _, new in new % 3 == 0 })
    for _ in 0..<7 { store.dispatch(.incremented) }
    var seen: [Int] = []
    for await value in values {
      seen.append(value)
      if seen.count == 3 { break }
    }
    #expect(seen == [0, 3, 6])
  }

  @Test func leavingTheLoopEndsTheSubscription() async {
    let store = makeStore()
    let evaluations = Recorder<Int>()
    // The sequence is a temporary of the loop: once the loop is left, nothing holds it.
    for await _ in store.values(select: { state -> Int in
      evaluations.append(state.count)
      return state.count
    }) {
      break
    }
    let before = evaluations.values.count
    for _ in 0..<5 { store.dispatch(.incremented) }
    #expect(evaluations.values.count == before)
  }

  @Test func theSequenceEndsWhenTheStoreGoesAway() async {
    var store: Store? = makeStore()
    let values = store!.values(of: \.count)
    store!.dispatch(.incremented)
    store = nil
    var seen: [Int] = []
    for await value in values { seen.append(value) }
    #expect(seen == [0, 1])
  }

  @Test func aConsumerOnAnotherTaskSeesEveryValueDispatchedFromManyThreads() async {
    let store = makeStore()
    let values = store.values(of: \.count)
    let consumer = Task {
      var last = -1
      var seen = 0
      for await value in values {
        #expect(value > last)
        last = value
        seen += 1
        if value == 400 { break }
      }
      return seen
    }
    // Threads of their own, not waited for: this test's thread stays free for the consumer.
    for _ in 0..<4 {
      Thread { for _ in 0..<100 { store.dispatch(.incremented) } }.start()
    }
    #expect(await consumer.value == 401)
  }

  @Test func cancellingTheConsumingTaskEndsTheSubscription() async {
    let store = makeStore()
    let evaluations = Recorder<Int>()
    let values = store.values(select: { state -> Int in
      evaluations.append(state.count)
      return state.count
    })
    let consumer = Task {
      for await _ in values {}
    }
    consumer.cancel()
    await consumer.value
    let before = evaluations.values.count
    for _ in 0..<5 { store.dispatch(.incremented) }
    #expect(evaluations.values.count == before)
  }
}
