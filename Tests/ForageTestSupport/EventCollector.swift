import ForageFinder
import Synchronization

/// Keeps every event of a run.
public final class EventCollector: EventWriter, Sendable {
  public init() {}

  private let state = Mutex([FinderEvent]())

  /// The events, in order.
  public var events: [FinderEvent] { state.withLock { $0 } }

  public func write(_ event: FinderEvent) throws { state.withLock { $0.append(event) } }
  public func finish() throws {}
}
