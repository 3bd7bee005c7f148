import Synchronization

/// Keeps the readings a ``GPSDSource`` has handed on but its reader has not yet taken to a
/// bound, so that a gpsd sending faster than the reader reads fills no more memory than that.
///
/// The source counts each reading it hands on (``added()``) and, after each line, waits for room
/// (``waitForRoom()``); while it waits it reads nothing from the connection, and SwiftNIO's and
/// TCP's back-pressure carry the wait to gpsd. The reader counts each reading it takes
/// (``taken()``). ``close()`` ends every wait for good: the reader is gone, or the source stops.
final class GPSDBacklog: Sendable {
  private struct State {
    var pending = 0
    var isClosed = false
    var waiter: CheckedContinuation<Void, Never>?
  }

  /// The most readings kept waiting for the reader.
  let limit: Int
  private let state = Mutex(State())

  /// Creates an empty backlog.
  ///
  /// - Parameter limit: The most readings kept waiting for the reader; at least 1.
  init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// The readings handed on and not yet taken.
  var pending: Int { state.withLock { $0.pending } }

  /// Counts one reading handed on.
  func added() {
    state.withLock { $0.pending += 1 }
  }

  /// Counts one reading taken by the reader, waking the source when that makes room.
  func taken() {
    let waiter = state.withLock { state in
      state.pending -= 1
      guard state.pending < limit else { return CheckedContinuation<Void, Never>?.none }
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  /// Ends every wait, now and later.
  func close() {
    let waiter = state.withLock { state in
      state.isClosed = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  /// Returns once fewer than ``limit`` readings are pending, the backlog is closed, or the task
  /// is cancelled.
  func waitForRoom() async {
    guard !hasRoom else { return }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let isWaiting = state.withLock { state in
          guard state.pending >= limit, !state.isClosed, !Task.isCancelled else { return false }
          state.waiter = continuation
          return true
        }
        if !isWaiting { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { state in
        defer { state.waiter = nil }
        return state.waiter
      }
      waiter?.resume()
    }
  }

  private var hasRoom: Bool {
    state.withLock { $0.pending < limit || $0.isClosed }
  }
}
