import ForageStore
import Foundation

/// Re-reduces a recorded run without network: the same actions through the same pure reducer
/// give the same events, byte for byte (Redux-style time travel).
public enum FinderReplay {
  /// Replays a recording.
  ///
  /// - Parameters:
  ///   - url: The file `forage run --record` wrote.
  ///   - limit: Apply only the first `limit` actions, or all when `nil`.
  ///   - writer: Receives the events; finished at the end.
  /// - Returns: The state after the last action applied.
  /// - Throws: ``RecordingError`` for a file that is not a recording (exit 65), an I/O error
  ///   (exit 74), or the writer's error.
  @discardableResult
  public static func run(
    _ url: URL,
    until limit: Int? = nil,
    writer: any EventWriter
  ) throws -> FinderState {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw RecordingUnreadable(path: url.path, reason: error.localizedDescription)
    }
    let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let header: RecordingHeader
    do throws(RecordedValueError) {
      guard let first = lines.first,
        let object = RecordedJSON.object(from: Data(first))
      else { throw RecordedValueError("a forage recording's header object") }
      header = try RecordingHeader(recorded: object)
    } catch {
      throw RecordingError(file: url.path, line: 1, expected: error.expected)
    }
    var actions: [FinderAction] = []
    for (offset, line) in lines.enumerated().dropFirst() where !line.isEmpty {
      if let limit, actions.count >= limit { break }
      guard let object = RecordedJSON.object(from: Data(line))
      else {
        throw RecordingError(file: url.path, line: offset + 1, expected: "one JSON object per line")
      }
      do {
        actions.append(try FinderAction(recorded: object))
      } catch {
        throw RecordingError(file: url.path, line: offset + 1, expected: error.expected)
      }
    }
    let store = Store(
      initialState: FinderState(filter: header.filter, isChangesOnly: header.isChangesOnly),
      reducer: Reducer(FinderState.reduce)
    )
    let sink = EventSink(writer)
    let subscription = store.subscribe(\.outbox) { sink.write($0) }
    defer { subscription.cancel() }
    for action in actions { store.dispatch(action) }
    try sink.finish()
    return store.state
  }
}

/// A recording file that could not be read.
public struct RecordingUnreadable: Error, Equatable, CustomStringConvertible {
  /// The path.
  public var path: String
  /// Why.
  public var reason: String

  public var description: String { "cannot read \(path): \(reason)" }
}
