import ForageFinder
import ForageHTTP
import ForageSupport
import Foundation
import Synchronization

/// Sends notifications one at a time from a bounded queue, on a task of its own, so that
/// enqueueing never waits: when the queue is full the notification is dropped and counted.
///
/// Each notification is retried as the configuration's ``ForageHTTP/RetryPolicy`` says; one
/// that is never accepted (2xx) counts as dropped. The request carries nothing but the JSON body
/// and its content type: no API key, no credential header.
final class PlaceNotifier: Sendable {
  private let continuation: AsyncStream<PlaceNotification>.Continuation
  private let worker: Task<Void, Never>
  private let counts: Counts
  private let configuration: NotificationConfiguration

  /// The notifier's counters, shared with its worker.
  private final class Counts: Sendable {
    let enqueued = Atomic<Int>(0)
    let sent = Atomic<Int>(0)
  }

  /// Starts a notifier and its worker.
  init(configuration: NotificationConfiguration) {
    self.configuration = configuration
    let (stream, continuation) = AsyncStream<PlaceNotification>.makeStream(
      bufferingPolicy: .bufferingOldest(max(1, configuration.capacity))
    )
    self.continuation = continuation
    let counts = Counts()
    self.counts = counts
    let transport = RetryingTransport(
      configuration.transport ?? HTTPClient(),
      // A seed of its own: notifiers whose receiver failed at once do not retry in step.
      policy: configuration.retryPolicy.withOwnSeed(),
      rule: NotificationConfiguration.retryRule,
      clock: configuration.retryClock
    )
    let url = configuration.url
    let timeout = configuration.requestTimeout
    let onRefused = configuration.onRefused
    worker = Task {
      for await notification in stream {
        // Cancelled by the flush timeout: what is still queued is dropped, not sent.
        if Task.isCancelled { break }
        let request = HTTPRequest(
          method: "POST",
          url: url,
          headers: [(name: "Content-Type", value: "application/json")],
          body: Data(notification.json().serialized.utf8),
          timeout: timeout
        )
        do throws(HTTPError) {
          let response = try await transport.send(request)
          if (200..<300).contains(response.status) {
            counts.sent.add(1, ordering: .relaxed)
          } else {
            onRefused?("HTTP \(response.status)")
          }
        } catch {
          onRefused?(Redaction.redact(error.description))
        }
      }
    }
  }

  deinit {
    continuation.finish()
    worker.cancel()
  }

  /// Queues a notification, or drops it when the queue is full; never waits.
  func enqueue(_ notification: PlaceNotification) {
    counts.enqueued.add(1, ordering: .relaxed)
    continuation.yield(notification)
  }

  /// Stops taking notifications, waits up to the flush timeout for the queue to empty, drops
  /// what is left, and returns the totals.
  func finish() async -> NotificationTally {
    continuation.finish()
    let worker = worker
    let clock = configuration.flushClock
    let timeout = configuration.flushTimeout
    let timer = Task {
      do {
        try await clock.sleep(for: timeout)
        worker.cancel()
      } catch {}
    }
    await worker.value
    timer.cancel()
    let sent = counts.sent.load(ordering: .relaxed)
    return NotificationTally(
      sent: sent,
      dropped: counts.enqueued.load(ordering: .relaxed) - sent
    )
  }
}
