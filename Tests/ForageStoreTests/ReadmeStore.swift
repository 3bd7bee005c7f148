// swift-format-ignore-file
// The README's "ForageStore in 20 lines", word for word between the markers (ReadmeStoreTests
// checks that they agree): it must compile and run. Left as the README lays it out, so the
// formatter leaves this file alone.

import ForageStore

/// Runs the README's store, then searches for `query`: `print` and `places` are the reader's,
/// here the test's. Returns the state's radius and places at the end.
func readmeStore(
  searchingFor query: String,
  print: @escaping @Sendable (String, Int) -> Void,
  places: @escaping @Sendable (String) async -> [String]
) async -> (radius: Int, places: [String]) {
  // README: begin
  struct AppState: Equatable, Sendable { var radius = 500; var places: [String] = [] }
  enum AppAction: Equatable, Sendable { case radiusChanged(Int), search(String), loaded([String]) }

  let reducer = Reducer<AppState, AppAction> { state, action in
    switch action {
    case .radiusChanged(let r): state.radius = r
    case .loaded(let p): state.places = p
    case .search: break
    }
  }
  let effects = Middleware<AppState, AppAction> { context, action, next in
    next(action)                                   // reducer + subscribers run here
    guard case .search(let q) = action else { return }
    context.run(id: "search") { send in send(.loaded(await places(q))) }  // latest wins
  }
  let store = Store(initialState: AppState(), reducer: reducer, middleware: [effects])
  let token = store.subscribe(\.radius) { print("radius", $0) }  // now, then on change only
  store.dispatch(.radiusChanged(800))               // safe from any thread; FIFO, never recursive
  await store.idle()                                // queue empty, no effect running
  // README: end
  store.dispatch(.search(query))
  await store.idle()
  token.cancel()
  return (store.state.radius, store.state.places)
}
