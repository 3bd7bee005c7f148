import ForageStore
import Testing

/// Reducer combinators: combine, pullback over state and action, optional sub-state.
@Suite struct ReducerTests {
  /// The child reducer, written against the child's own state and actions.
  let child = Reducer<ChildState, ChildAction> { state, action in
    switch action {
    case .bumped: state.value += 1
    }
  }

  @Test func combineRunsEveryReducerInOrder() {
    let double = Reducer<CounterState, CounterAction> { state, _ in state.count *= 2 }
    let addThenDouble = Reducer.combine(counterReducer, double)
    let doubleThenAdd = Reducer.combine([double, counterReducer])
    var first = CounterState(count: 1)
    var second = CounterState(count: 1)
    addThenDouble.reduce(&first, .incremented)
    doubleThenAdd.reduce(&second, .incremented)
    #expect(first.count == 4)
    #expect(second.count == 3)
  }

  @Test func pullbackOverAKeyPathChangesOnlyThatPart() {
    struct Parent: Equatable { var left = ChildState(); var right = ChildState() }
    let both = Reducer<Parent, ChildAction>.combine(
      child.pullback(state: \Parent.left),
      child.pullback(state: \Parent.right),
      child.pullback(state: \Parent.right)
    )
    var parent = Parent()
    both.reduce(&parent, .bumped)
    #expect(parent == Parent(left: ChildState(value: 1), right: ChildState(value: 2)))
  }

  @Test func pullbackOverAnActionCaseIgnoresOtherActions() {
    let parent = Reducer<CounterState, CounterAction> { state, action in
      if action == .incremented { state.count += 1 }
    }
    let app = Reducer.combine(
      parent,
      child.pullback(state: \CounterState.child) { (action: CounterAction) in
        if case .child(let local) = action { local } else { nil }
      }
    )
    let store = Store(initialState: CounterState(), reducer: app)
    store.dispatch(.child(.bumped))
    store.dispatch(.incremented)
    #expect(store.state.child.value == 1)
    #expect(store.state.count == 1)
  }

  @Test func optionalRunsOnlyWhileTheSubStateExists() {
    struct Parent: Equatable { var detail: ChildState? }
    let reducer = child.optional(state: \Parent.detail)
    var parent = Parent()
    reducer.reduce(&parent, .bumped)
    #expect(parent.detail == nil)
    parent.detail = ChildState()
    reducer.reduce(&parent, .bumped)
    #expect(parent.detail?.value == 1)
  }

  @Test func emptyChangesNothing() {
    var state = CounterState(count: 3)
    Reducer<CounterState, CounterAction>.empty.reduce(&state, .incremented)
    #expect(state.count == 3)
  }
}
