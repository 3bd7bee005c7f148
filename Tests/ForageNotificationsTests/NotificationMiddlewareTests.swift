import ForageHTTP
import ForageSupport
import ForageTestSupport
import Foundation
import MockPlaces
import Synchronization
import Testing

@testable import ForageFinder
@testable import ForageNotifications

/// The notification middleware: one POST per place entering the answer, a bounded queue that
/// never holds the replay up, retries, and the totals in the summary.
@Suite struct NotificationMiddlewareTests {
  /// A transport that records requests and answers each with `respond(attempt number from 1)`.
  final class RecordingTransport: HTTPTransport {
    private let sent = Mutex([HTTPRequest]())
    private let respond: @Sendable (Int) async throws(HTTPError) -> HTTPResponse

    init(respond: @escaping @Sendable (Int) async throws(HTTPError) -> HTTPResponse) {
      self.respond = respond
    }

    var requests: [HTTPRequest] { sent.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
      let number = sent.withLock {
        $0.append(request)
        return $0.count
      }
      return try await respond(number)
    }
  }

  /// Holds every caller until its task is cancelled.
  final class Gate: Sendable {
    private let held = Mutex([AsyncStream<Void>.Continuation]())

    func wait() async {
      let (stream, continuation) = AsyncStream<Void>.makeStream()
      held.withLock { $0.append(continuation) }
      for await _ in stream {}
    }
  }

  static let receiver = URL(string: "http://127.0.0.1:9/hooks")!

  /// A finder with notifications through `configuration`, and the places its answers listed.
  static func run(
    _ configuration: NotificationConfiguration,
    fixes: Int = 40
  ) async throws -> (outcome: FinderOutcome, enteredIDs: [String], events: [FinderEvent]) {
    let provider = FakePlacesProvider(world: AssemblyFixtures.world)
    let finder = Finder(
      options: AssemblyFixtures.options,
      middleware: Finder.defaultMiddleware(
        provider: provider,
        notifications: .notifications(configuration)
      )
    )
    let events = EventCollector()
    let outcome = try await AssemblyFixtures.walk(fixes: fixes).replay(finder, writer: events)
    var entered: [String] = []
    for event in events.events {
      guard case .places(_, _, _, _, _, let places) = event.payload else { continue }
      for place in places where !entered.contains(place.id) { entered.append(place.id) }
    }
    return (outcome, entered, events.events)
  }

  static func body(_ request: HTTPRequest) throws -> [String: Any] {
    try #require(
      JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any]
    )
  }

  @Test func postsEachPlaceOnceWhenItFirstEntersTheAnswer() async throws {
    let transport = RecordingTransport { _ in HTTPResponse(status: 204) }
    let (outcome, entered, events) = try await Self.run(
      NotificationConfiguration(url: Self.receiver, transport: transport)
    )
    let requests = transport.requests
    #expect(!entered.isEmpty)
    let ids = try requests.map { try #require(Self.body($0)["place"] as? [String: Any])["id"] }
    #expect(ids.compactMap { $0 as? String } == entered)
    #expect(outcome.summary.notifications == NotificationTally(sent: entered.count, dropped: 0))
    for request in requests {
      #expect(request.method == "POST")
      #expect(request.url == Self.receiver)
      #expect(request.headers.map(\.name) == ["Content-Type"])
      let body = try Self.body(request)
      #expect(body["event"] as? String == "place_entered")
      let fix = try #require(body["fix"] as? [String: Any])
      #expect(fix["index"] is Int && fix["lat"] is Double && fix["time"] is String)
      #expect(body["distance_m"] is Double)
    }
    let summary = try #require(events.last)
    #expect(
      summary.json().serialized.hasSuffix(
        #","notifications_sent":\#(entered.count),"notifications_dropped":0}"#
      )
    )
  }

  @Test func retriesWithTheRetryPolicy() async throws {
    let clock = VirtualClock(recordingSleeps: true)
    // Every other attempt fails with a 503, so each notification takes two.
    let transport = RecordingTransport { number in
      HTTPResponse(status: number.isMultiple(of: 2) ? 204 : 503)
    }
    // Without jitter every retry waits, so each is a sleep: with the notifier's own random
    // seed, full jitter drew a wait of 0 ms about once in 40 runs, and that retry slept none.
    var policy = NotificationConfiguration.defaultRetryPolicy
    policy.jitter = .none
    let (outcome, entered, _) = try await Self.run(
      NotificationConfiguration(
        url: Self.receiver,
        retryPolicy: policy,
        retryClock: clock,
        transport: transport
      )
    )
    #expect(transport.requests.count == 2 * entered.count)
    #expect(clock.sleeps.count == entered.count)
    #expect(outcome.summary.notifications == NotificationTally(sent: entered.count, dropped: 0))
  }

  /// Two runs (two processes) whose webhook failed the same way back off differently: with the
  /// default policy's one seed, every process waited the same delays and retried in step.
  @Test func twoRunsDoNotRetryInStep() async throws {
    var waits: [[Duration]] = []
    for _ in 0..<2 {
      let clock = VirtualClock(recordingSleeps: true)
      let transport = RecordingTransport { number in
        HTTPResponse(status: number.isMultiple(of: 2) ? 204 : 503)
      }
      _ = try await Self.run(
        NotificationConfiguration(url: Self.receiver, retryClock: clock, transport: transport)
      )
      waits.append(clock.sleeps)
    }
    #expect(waits[0].count > 3)
    #expect(waits[0] != waits[1])
  }

  @Test func aReceiverThatNeverAnswersNeitherBlocksNorSlowsTheRun() async throws {
    // Each request hangs until cancelled: one is taken by the worker, `capacity` wait, the rest
    // are dropped at once; at the end the flush gives up at once and drops what is left.
    let gate = Gate()
    let transport = RecordingTransport { _ throws(HTTPError) in
      await gate.wait()
      throw HTTPError(.cancelled, "cancelled")
    }
    let (outcome, entered, events) = try await Self.run(
      NotificationConfiguration(
        url: Self.receiver,
        capacity: 2,
        flushTimeout: .zero,
        transport: transport
      )
    )
    #expect(entered.count > 3)
    #expect(outcome.summary.notifications == NotificationTally(sent: 0, dropped: entered.count))
    #expect(transport.requests.count <= 1)
    #expect(events.last?.name == "summary")
  }

  @Test func postsToARealServerOnLoopback() async throws {
    let webhook = NotificationReceiverHandler()
    let server = MockHTTPServer(
      handlers: [webhook],
      faults: [try FaultRule(parsing: "http503@next:1")]
    )
    try server.start()
    defer { server.stop() }
    let clock = VirtualClock(recordingSleeps: true)
    let (outcome, entered, _) = try await Self.run(
      NotificationConfiguration(
        url: server.url.appending(path: "/hooks"),
        retryClock: clock,
        // Generous real-time limits: on a loaded machine the default 10 s flush can pass
        // before a dozen loopback POSTs are done, and the rest would count as dropped.
        requestTimeout: .seconds(120),
        flushTimeout: .seconds(600)
      )
    )
    // The first POST met a 503 and was retried; every place arrived once, in order.
    #expect(server.journal.count == entered.count + 1)
    #expect(server.journal.entries.allSatisfy { $0.method == "POST" && $0.path == "/hooks" })
    let ids = try webhook.requests.map { request in
      let body = try #require(JSONSerialization.jsonObject(with: request.body) as? [String: Any])
      return try #require(body["place"] as? [String: Any])["id"] as? String
    }
    #expect(ids == entered)
    #expect(outcome.summary.notifications == NotificationTally(sent: entered.count, dropped: 0))
    for request in webhook.requests {
      #expect(request.header("Content-Type") == "application/json")
      #expect(request.header("X-Goog-Api-Key") == nil && request.header("Authorization") == nil)
      #expect(request.query.isEmpty)
    }
  }
}
