import ForageStore
import Testing

/// Subscriptions: selection, skip-repeats, filters, order, and unsubscribing.
@Suite struct SubscriptionTests {
  @Test func aKeyPathSubscriberGetsTheValueAtOnceThenOnlyChanges() {
    let store = makeStore()
    let seen = Recorder<Int>()
    let token = store.subscribe(\.count) { seen.append($0) }
    #expect(seen.values == [0])
    store.dispatch(.renamed("x"))
    store.dispatch(.incremented)
    store.dispatch(.renamed("y"))
    store.dispatch(.incremented)
    #expect(seen.values == [0, 1, 2])
    withExtendedLifetime(token) {}
  }

  @Test func aClosureSelectorSkipsRepeatsOfEquatableValues() {
    let store = makeStore()
    let seen = Recorder<Bool>()
    let token = store.subscribe(select: { $0.count.isMultiple(of: 2) }) { seen.append($0) }
    for _ in 0..<3 { store.dispatch(.incremented) }
    store.dispatch(.added(2))
    #expect(seen.values == [true, false, true, false])
    withExtendedLifetime(token) {}
  }

  @Test func allowingRepeatsReportsEveryAction() {
    let store = makeStore()
    let seen = Recorder<Int>()
    let token = store.subscribe(Selection(\.count).allowingRepeats()) { seen.append($0) }
    store.dispatch(.renamed("a"))
    store.dispatch(.incremented)
    #expect(seen.values == [0, 0, 1])
    withExtendedLifetime(token) {}
  }

  @Test func aNonEquatableSelectionUsesACustomDuplicatePredicate() {
    struct Reading: Sendable { var value: Int }  // deliberately not Equatable
    let store = makeStore()
    let seen = Recorder<Int>()
    let everyAction = Recorder<Int>()
    let selection = Selection<CounterState, Reading> { Reading(value: $0.count / 10) }
    let token = store.subscribe(selection.removingDuplicates { $0.value == $1.value }) {
      seen.append($0.value)
    }
    let unfiltered = store.subscribe(selection) { everyAction.append($0.value) }
    for _ in 0..<25 { store.dispatch(.incremented) }
    #expect(seen.values == [0, 1, 2])
    #expect(everyAction.values.count == 26)
    withExtendedLifetime((token, unfiltered)) {}
  }

  @Test func skipAndOnlyFilterChangesByOldAndNewValue() {
    let store = makeStore()
    let rises = Recorder<Int>()
    let bigJumps = Recorder<Int>()
    let up = store.subscribe(Selection(\.count).skip { old, new in new < old }) {
      rises.append($0)
    }
    let jumps = store.subscribe(Selection(\.count).only { old, new in abs(new - old) >= 5 }) {
      bigJumps.append($0)
    }
    store.dispatch(.incremented)  // 1
    store.dispatch(.decremented)  // 0
    store.dispatch(.added(6))  // 6
    store.dispatch(.added(-5))  // 1
    store.dispatch(.renamed("same"))  // 1, a repeat
    #expect(rises.values == [0, 1, 6])
    #expect(bigJumps.values == [0, 6, 1])
    withExtendedLifetime((up, jumps)) {}
  }

  @Test func subscribersAreCalledInSubscriptionOrderAcrossSelections() {
    let store = makeStore()
    let order = Recorder<String>()
    var tokens: [SubscriptionToken] = []
    tokens.append(store.subscribe(\.count) { _ in order.append("a:count") })
    tokens.append(store.subscribe(\.name) { _ in order.append("b:name") })
    tokens.append(store.subscribe(select: { $0.count + $0.name.count }) { _ in order.append("c") })
    tokens.append(store.subscribe(\.count) { _ in order.append("d:count") })
    tokens.append(store.subscribe(\.name) { _ in order.append("e:name") })
    store.dispatch(.incremented)
    store.dispatch(.renamed("z"))
    #expect(
      order.values == [
        "a:count", "b:name", "c", "d:count", "e:name",
        "a:count", "c", "d:count",
        "b:name", "c", "e:name",
      ]
    )
    withExtendedLifetime(tokens) {}
  }

  @Test func cancellingAndReleasingTheTokenBothEndTheSubscription() {
    let store = makeStore()
    let cancelled = Recorder<Int>()
    let released = Recorder<Int>()
    let token = store.subscribe(\.count) { cancelled.append($0) }
    var other: SubscriptionToken? = store.subscribe(\.count) { released.append($0) }
    store.dispatch(.incremented)
    token.cancel()
    token.cancel()
    other = nil
    store.dispatch(.incremented)
    #expect(cancelled.values == [0, 1])
    #expect(released.values == [0, 1])
    #expect(other == nil)
  }

  @Test func unsubscribingInsideANotificationIsSafe() {
    let store = makeStore()
    let seen = Recorder<String>()
    final class Tokens: @unchecked Sendable { var byName: [String: SubscriptionToken] = [:] }
    let tokens = Tokens()
    tokens.byName["self"] = store.subscribe(\.count) { count in
      seen.append("self \(count)")
      if count == 1 { tokens.byName["self"]?.cancel() }
    }
    tokens.byName["killer"] = store.subscribe(\.count) { count in
      seen.append("killer \(count)")
      if count == 1 { tokens.byName["victim"] = nil }
    }
    tokens.byName["victim"] = store.subscribe(\.count) { seen.append("victim \($0)") }
    tokens.byName["survivor"] = store.subscribe(\.count) { seen.append("survivor \($0)") }
    seen.append("--")
    store.dispatch(.incremented)
    store.dispatch(.incremented)
    #expect(
      seen.values == [
        "self 0", "killer 0", "victim 0", "survivor 0", "--",
        "self 1", "killer 1", "survivor 1",
        "killer 2", "survivor 2",
      ]
    )
  }

  @Test func aSubscriptionMadeInsideANotificationStartsAfterTheCurrentAction() {
    let store = makeStore()
    let seen = Recorder<String>()
    final class Holder: @unchecked Sendable { var token: SubscriptionToken? }
    let holder = Holder()
    let outer = store.subscribe(\.count) { [weak store] count in
      seen.append("outer \(count)")
      if count == 1, let store {
        holder.token = store.subscribe(\.count) { seen.append("inner \($0)") }
        seen.append("subscribed")
      }
    }
    store.dispatch(.incremented)
    store.dispatch(.incremented)
    #expect(seen.values == ["outer 0", "outer 1", "subscribed", "inner 1", "outer 2", "inner 2"])
    withExtendedLifetime(outer) {}
  }

  @Test func aStoreWithLiveSubscribersDeallocatesWhenReleased() {
    weak var weakStore: Store<CounterState, CounterAction>?
    var token: SubscriptionToken?
    do {
      let store = makeStore()
      weakStore = store
      token = store.subscribe(\.count) { _ in }
      store.dispatch(.incremented)
    }
    #expect(weakStore == nil)
    token?.cancel()  // a token that outlives its store does nothing
    #expect(token != nil)
  }

  @Test func theStoreLetsGoOfAReleasedSubscriber() {
    let store = makeStore()
    let freed = Recorder<Bool>()
    final class Screen: @unchecked Sendable {
      var token: SubscriptionToken?
      var shown: [Int] = []
      let tracked: Tracked
      init(freed: Recorder<Bool>) { tracked = Tracked { freed.append(true) } }
    }
    var screen: Screen? = Screen(freed: freed)
    screen?.token = store.subscribe(\.count) { [weak screen] in screen?.shown.append($0) }
    store.dispatch(.incremented)
    #expect(screen?.shown == [0, 1])
    screen = nil
    #expect(freed.values == [true])
    store.dispatch(.incremented)
  }

  @Test func anObserverSubscriptionIsHeldWeaklyAndEndsWithTheObserver() {
    let store = makeStore()
    final class Label: @unchecked Sendable { var text = "" }
    let calls = Recorder<String>()
    var label: Label? = Label()
    let token = store.subscribe(Selection(\.count), observer: label!) { label, count in
      label.text = "\(count)"
      calls.append(label.text)
    }
    store.dispatch(.incremented)
    weak let weakLabel = label
    label = nil
    #expect(weakLabel == nil)
    store.dispatch(.incremented)
    store.dispatch(.incremented)
    #expect(calls.values == ["0", "1"])
    withExtendedLifetime(token) {}
  }

  @Test func manySubscribersToOneKeyPathEachGetEveryChange() {
    let store = makeStore()
    let total = Recorder<Int>()
    let tokens = (0..<100).map { _ in store.subscribe(\.count) { total.append($0) } }
    store.dispatch(.incremented)
    tokens.prefix(50).forEach { $0.cancel() }
    store.dispatch(.incremented)
    #expect(total.values.count == 100 + 100 + 50)
    #expect(total.values.suffix(50) == Array(repeating: 2, count: 50))
  }

  @Test func subscribingAndUnsubscribingFromManyThreadsWhileDispatchingIsSafe() {
    let store = makeStore()
    let anchor = Recorder<Int>()
    let watcher = store.subscribe(\.count) { anchor.append($0) }
    onThreads(6) { thread in
      for round in 0..<300 {
        if thread < 3 {
          store.dispatch(.incremented)
        } else {
          let token = store.subscribe(\.count) { _ in }
          if round.isMultiple(of: 2) { token.cancel() }
        }
      }
    }
    #expect(store.state.count == 900)
    #expect(anchor.values == Array(0...900))
    withExtendedLifetime(watcher) {}
  }

  @Test func closureSubscribersKeepSubscriptionOrderWhenSlotsAreReused() {
    let store = makeStore()
    let order = Recorder<String>()
    let first = store.subscribe(select: { $0.count }) { order.append("first \($0)") }
    let second = store.subscribe(select: { $0.count * 10 }) { order.append("second \($0)") }
    first.cancel()
    // The third takes the slot the first left, yet it subscribed last, so it is called last.
    let third = store.subscribe(select: { $0.count * 100 }) { order.append("third \($0)") }
    let fourth = store.subscribe(\.count) { order.append("fourth \($0)") }
    store.dispatch(.incremented)
    #expect(
      order.values == [
        "first 0", "second 0", "third 0", "fourth 0", "second 10", "third 100", "fourth 1",
      ]
    )
    withExtendedLifetime((second, third, fourth)) {}
  }
}
