import ForageFinder
import Synchronization

/// A text sink in memory.
final class MemorySink: TextSink, Sendable {
  private let state = Mutex((text: "", isCommitted: false))

  /// Everything written.
  var text: String { state.withLock { $0.text } }
  /// Whether ``commit()`` was called.
  var isCommitted: Bool { state.withLock { $0.isCommitted } }

  func write(_ text: String) throws { state.withLock { $0.text += text } }
  func commit() throws { state.withLock { $0.isCommitted = true } }
}
