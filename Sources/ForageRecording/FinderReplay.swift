import ForageFinder
import ForageStore
import Foundation

/// Re-reduces a recorded run without network: the same actions through the same pure reducer
/// give the same events, byte for byte (Redux-style time travel).
public enum FinderReplay {
  /// Replays a recording (see ``RecordingFormat``).
  ///
  /// - Parameters:
  ///   - url: The file `forage run --record` wrote.
  ///   - limit: Apply only the first `limit` actions, or all when `nil`.
  ///   - writer: Receives the events; finished at the end.
  /// - Returns: The state after the last action applied.
  /// - Throws: ``RecordingError`` for a file that is not a recording or holds a bad line
  ///   (exit 65), ``RecordingUnreadable`` (exit 74), or the writer's error.
  @discardableResult
  public static func run(
    _ url: URL,
    until limit: Int? = nil,
    writer: any EventWriter
  ) throws -> FinderState {
    try run(path: url.path, until: limit, writer: writer)
  }

  /// Replays a recording named on a command line: a path, or `-` for standard input (a pipe
  /// or a FIFO is read once); see ``run(_:until:writer:)``.
  @discardableResult
  public static func run(
    path: String,
    until limit: Int? = nil,
    writer: any EventWriter
  ) throws -> FinderState {
    let (header, actions) = try RecordingFormat.read(path, limit: limit)
    let store = Store(
      initialState: FinderState(
        filter: header.filter,
        isChangesOnly: header.isChangesOnly,
        attribution: header.attribution
      ),
      reducer: Reducer(FinderState.reduce)
    )
    let sink = EventSink(writer)
    defer { sink.close() }
    let subscription = store.subscribe(\.outbox) { sink.write($0) }
    defer { subscription.cancel() }
    for action in actions { store.dispatch(action) }
    // Stopped early (--until) or cut short: the output still ends with a summary, of what
    // happened so far, with the data's attribution.
    // With no action applied there is no run to sum up, nor a time to stamp it with.
    if !store.state.isFinished, !actions.isEmpty {
      store.dispatch(.runCutShort(at: store.state.now))
    }
    try sink.finish()
    return store.state
  }
}
