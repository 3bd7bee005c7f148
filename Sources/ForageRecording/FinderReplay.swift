import ForageFinder
import ForageStore
import ForageSupport
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
  ///
  /// The recording is read twice, one line at a time, as a track is: checked to its end (or to
  /// the `limit`-th action) before anything is written, so a bad line produces no output, then
  /// replayed. Memory stays at one line and the run's state whatever the recording's length. A
  /// recording that cannot be read twice (standard input, a pipe, a FIFO, a device) keeps the
  /// text it was checked from in memory, up to the `limit`-th action. No line after the
  /// `limit`-th action is parsed, and at most one chunk of the input (`InputLines`) is read
  /// past it.
  @discardableResult
  public static func run(
    path: String,
    until limit: Int? = nil,
    writer: any EventWriter
  ) throws -> FinderState {
    let isReadOnce = InputFile.isReadOnce(path)
    let checked = try RecordingReader(lines: InputLines(path: path), keepsText: isReadOnce)
    var count = 0
    while limit.map({ count < $0 }) ?? true, try checked.next() != nil { count += 1 }
    guard count > 0 else {
      throw RecordingError(
        file: checked.name,
        line: 2,
        expected: "an action after the header: the recording holds none (it was cut short)"
      )
    }
    let reader =
      try checked.keptText.map {
        try RecordingReader(lines: InputLines(bytes: [UInt8]($0), name: checked.name))
      } ?? RecordingReader(lines: InputLines(path: path))
    let header = reader.header
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
    var applied = 0
    while applied < count, let action = try reader.next() {
      store.dispatch(action)
      applied += 1
    }
    // Stopped early (--until) or cut short: the output still ends with a summary, of what
    // happened so far, with the data's attribution.
    if !store.state.isFinished {
      store.dispatch(.runCutShort(at: store.state.now))
    }
    try sink.finish()
    return store.state
  }
}
