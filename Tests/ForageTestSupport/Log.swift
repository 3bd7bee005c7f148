import Synchronization

/// Collects values from middleware and observers, in order.
public final class Log<Value: Sendable>: Sendable {
  public init() {}

  private let values = Mutex([Value]())

  /// Everything appended, in order.
  public var all: [Value] { values.withLock { $0 } }

  /// Appends a value.
  public func append(_ value: Value) { values.withLock { $0.append(value) } }
}
