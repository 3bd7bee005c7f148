import ForageHTTP
import Foundation
import Synchronization

/// Every non-admin request the mock server received, in order, with credentials redacted.
///
/// Tests read it through ``entries`` or wait on it with ``waitForCount(_:timeout:)``; clients
/// of a running `mock-places` read it through `GET /__admin/requests`.
public final class RequestJournal: Sendable {
  private struct State {
    var entries: [JournalEntry] = []
    var nextSequence = 1
    var waiters: [(count: Int, id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    var nextWaiter = 0
    var expired: Set<Int> = []
  }

  private let state = Mutex(State())

  /// Creates an empty journal.
  public init() {}

  /// The recorded requests, oldest first.
  public var entries: [JournalEntry] { state.withLock { $0.entries } }

  /// How many requests are recorded.
  public var count: Int { state.withLock { $0.entries.count } }

  /// Forgets every recorded request (sequence numbers keep increasing).
  public func clear() {
    state.withLock { $0.entries.removeAll() }
  }

  /// Waits until at least `count` requests are recorded, without polling.
  ///
  /// - Returns: `true` when the count was reached, `false` when `timeout` passed first.
  public func waitForCount(_ count: Int, timeout: Duration = .seconds(10)) async -> Bool {
    let id = state.withLock { state -> Int in
      state.nextWaiter += 1
      return state.nextWaiter
    }
    let timer = Task {
      guard (try? await Task.sleep(for: timeout)) != nil else { return }
      self.resumeWaiter(id: id, with: false)
    }
    defer { timer.cancel() }
    return await withCheckedContinuation { continuation in
      let immediate = state.withLock { state -> Bool? in
        if state.entries.count >= count { return true }
        if state.expired.remove(id) != nil { return false }
        state.waiters.append((count, id, continuation))
        return nil
      }
      if let immediate { continuation.resume(returning: immediate) }
    }
  }

  /// Records a request and returns the entry.
  @discardableResult
  func record(_ request: MockRequest, connection: Int, fault: FaultRule?) -> JournalEntry {
    // Redact before taking the lock: connections on several event loops record concurrently.
    var entry = JournalEntry(
      sequence: 0,
      timestamp: Date(),
      method: request.method,
      path: request.path,
      query: request.query.map {
        .init(
          name: $0.name,
          value: Redaction.isSecretQueryName($0.name) ? Redaction.placeholder : $0.value
        )
      },
      headers: Redaction.redact(headers: request.headers).map {
        .init(name: $0.name, value: $0.value)
      },
      body: Redaction.redact(String(decoding: request.body, as: UTF8.self)),
      connection: connection,
      fault: fault?.description
    )
    let ready = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
      entry.sequence = state.nextSequence
      entry.timestamp = Date()
      state.nextSequence += 1
      state.entries.append(entry)
      let count = state.entries.count
      guard !state.waiters.isEmpty else { return [] }
      let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
      state.waiters.removeAll { $0.count <= count }
      return ready
    }
    for continuation in ready { continuation.resume(returning: true) }
    return entry
  }

  private func resumeWaiter(id: Int, with value: Bool) {
    let waiter = state.withLock {
      state -> (count: Int, id: Int, continuation: CheckedContinuation<Bool, Never>)? in
      guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
        state.expired.insert(id)
        return nil
      }
      return state.waiters.remove(at: index)
    }
    waiter?.continuation.resume(returning: value)
  }
}
