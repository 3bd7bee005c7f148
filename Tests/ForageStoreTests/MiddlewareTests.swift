import ForageStore
import Testing

/// Middleware: order, passing, replacing, swallowing, dispatching, and seeing state.
@Suite struct MiddlewareTests {
  /// A middleware that records when each action enters and leaves it.
  func tracing(
    _ name: String,
    into trace: Recorder<String>
  ) -> Middleware<CounterState, CounterAction> {
    Middleware { _, action, next in
      trace.append("\(name) in \(action)")
      next(action)
      trace.append("\(name) out \(action)")
    }
  }

  @Test func middlewareRunsInListOrderAroundTheReducer() {
    let trace = Recorder<String>()
    let store = makeStore(middleware: [tracing("A", into: trace), tracing("B", into: trace)])
    store.dispatch(.incremented)
    #expect(
      trace.values == [
        "A in incremented", "B in incremented", "B out incremented", "A out incremented",
      ]
    )
    #expect(store.state.count == 1)
  }

  @Test func reorderingTheListReordersTheChain() {
    let trace = Recorder<String>()
    let store = makeStore(middleware: [tracing("B", into: trace), tracing("A", into: trace)])
    store.dispatch(.incremented)
    #expect(trace.values.first == "B in incremented")
  }

  @Test func middlewareSeesTheStateBeforeAndAfterNext() {
    let seen = Recorder<String>()
    let observing = Middleware<CounterState, CounterAction> { context, action, next in
      let before = context.state.count
      next(action)
      seen.append("\(before) -> \(context.state.count)")
    }
    let store = makeStore(middleware: [observing])
    store.dispatch(.added(5))
    store.dispatch(.decremented)
    #expect(seen.values == ["0 -> 5", "5 -> 4"])
  }

  @Test func middlewareCanReplaceOrSwallowAnAction() {
    let rewriting = Middleware<CounterState, CounterAction> { _, action, next in
      switch action {
      case .decremented: return  // swallowed
      case .incremented: next(.added(10))  // replaced
      default: next(action)
      }
    }
    let store = makeStore(middleware: [rewriting])
    store.dispatch(.incremented)
    store.dispatch(.decremented)
    store.dispatch(.renamed("kept"))
    #expect(store.state.count == 10)
    #expect(store.state.name == "kept")
  }

  @Test func actionsDispatchedByMiddlewareAreQueuedAfterTheCurrentOne() {
    let order = Recorder<String>()
    let echo = Middleware<CounterState, CounterAction> { context, action, next in
      if case .renamed(let name) = action {
        context.dispatch(.noted("renamed to \(name)"))
        order.append("dispatched note")
      }
      next(action)
      order.append("processed \(action)")
    }
    let store = makeStore(middleware: [echo])
    store.dispatch(.renamed("Ada"))
    #expect(
      order.values == [
        "dispatched note", "processed renamed(\"Ada\")",
        "processed noted(\"renamed to Ada\")",
      ]
    )
    #expect(store.state.log == ["renamed to Ada"])
  }

  @Test func aSwallowedActionNotifiesNoOne() {
    let gate = Middleware<CounterState, CounterAction> { context, action, next in
      if context.state.name == "locked" && action != .renamed("") { return }
      next(action)
    }
    let store = makeStore(CounterState(name: "locked"), middleware: [gate])
    let seen = Recorder<Int>()
    let token = store.subscribe(Selection(\.count).allowingRepeats()) { seen.append($0) }
    store.dispatch(.incremented)
    store.dispatch(.renamed(""))
    store.dispatch(.incremented)
    #expect(seen.values == [0, 0, 1])
    withExtendedLifetime(token) {}
  }
}
