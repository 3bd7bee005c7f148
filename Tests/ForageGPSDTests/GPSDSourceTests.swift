import ForageHTTP
import ForageLocation
import ForageSupport
import ForageTestSupport
import ForageTracks
import Foundation
import Synchronization
import Testing

@testable import ForageGPSD

/// The live gpsd source against a scripted gpsd on 127.0.0.1: readings, the end of the stream,
/// reconnecting with the retry policy on a virtual clock, and giving up.
@Suite struct GPSDSourceTests {
  /// A TPV report; its time's second is the latitude's first decimal (60.2 is at 00:00:02), so
  /// each fix is an epoch of its own.
  static func tpv(_ latitude: Double, mode: Int = 3) -> String {
    let second = Int((latitude * 10).rounded()) % 60
    let time = "2026-01-01T00:00:0\(second)Z"
    return #"{"class":"TPV","mode":\#(mode),"lat":\#(latitude),"lon":24.94,"time":"\#(time)"}"#
  }

  static let preamble = [
    #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#,
    #"{"class":"DEVICES","devices":[]}"#,
    #"{"class":"WATCH","enable":true,"json":true}"#,
  ]

  /// Reads the source to its end.
  static func readings(_ source: GPSDSource) async throws -> [GPSReading] {
    let next = try source.fixSource.makeReadings()
    var readings: [GPSReading] = []
    while let reading = try await next() { readings.append(reading) }
    return readings
  }

  static func latitudes(_ readings: [GPSReading]) -> [Double?] {
    readings.map {
      if case .fix(let fix) = $0 { return fix.latitude }
      return nil
    }
  }

  /// Collects the source's events.
  final class Events: Sendable {
    let list = Mutex<[GPSDSource.Event]>([])
    func append(_ event: GPSDSource.Event) { list.withLock { $0.append(event) } }
    var all: [GPSDSource.Event] { list.withLock { $0 } }
  }

  @Test func sendsWatchReadsFixesAndNoFixesAndEndsWhenGpsdCloses() async throws {
    let gpsd = try FakeGPSD([
      .init(
        lines: Self.preamble + [
          Self.tpv(60.1), #"{"class":"SKY","satellites":[]}"#, Self.tpv(0, mode: 1),
          "garbage", Self.tpv(60.2),
        ]
      )
    ])
    let events = Events()
    let source = GPSDSource(
      endpoint: GPSDEndpoint(host: "127.0.0.1", port: gpsd.port),
      clock: VirtualClock(),
      report: events.append
    )
    let readings = try await Self.readings(source)
    #expect(Self.latitudes(readings) == [60.1, nil, 60.2])
    #expect(readings[1] == .locationUnknown(time: Date(timeIntervalSince1970: 1_767_225_600)))
    if case .fix(let fix) = readings[0] {
      #expect(fix.time == Date(timeIntervalSince1970: 1_767_225_601))
    }
    #expect(source.end == .closed)
    #expect(source.skippedLines == 1)
    #expect(try gpsd.commands() == [#"?WATCH={"enable":true,"json":true};"#])
    #expect(
      events.all.contains(
        .lineSkipped(line: 7, reason: "expected one JSON object: unexpected 'g' at column 1")
      ) || events.all.contains { if case .lineSkipped(line: 7, _) = $0 { true } else { false } }
    )
  }

  @Test func endsAfterMaxFixes() async throws {
    let gpsd = try FakeGPSD([
      .init(
        lines: Self.preamble + (1...5).map { Self.tpv(60 + Double($0) / 10) },
        ending: .waitForClient
      )
    ])
    let source = GPSDSource(
      endpoint: GPSDEndpoint(host: "127.0.0.1", port: gpsd.port),
      clock: VirtualClock(),
      maxFixes: 2
    )
    #expect(Self.latitudes(try await Self.readings(source)) == [60.1, 60.2])
    #expect(source.end == .reachedLimit)
    _ = try gpsd.commands()
  }

  @Test func reconnectsAfterADroppedConnectionAndCountsAttemptsAfresh() async throws {
    let gpsd = try FakeGPSD([
      .init(lines: Self.preamble + [Self.tpv(60.1), Self.tpv(60.2)], ending: .reset),
      .init(lines: Self.preamble + [Self.tpv(60.3)]),
    ])
    let events = Events()
    let clock = VirtualClock(recordingSleeps: true)
    let source = GPSDSource(
      endpoint: GPSDEndpoint(host: "127.0.0.1", port: gpsd.port),
      clock: clock,
      report: events.append
    )
    let readings = try await Self.readings(source)
    #expect(Self.latitudes(readings) == [60.1, 60.2, 60.3])
    if case .fix(let fix) = readings[2] { #expect(fix.segment == 1) }
    #expect(source.end == .closed)
    #expect(
      events.all.contains {
        if case .reconnecting(let error) = $0 { error.kind == .dropped } else { false }
      }
    )
    #expect(clock.sleeps.isEmpty)
    _ = try gpsd.commands()
  }

  @Test func aRefusedConnectionIsRetriedWithTheRetryPolicysBackoffThenGivenUp() async throws {
    let refusing = try RefusingPort()
    defer { refusing.close() }
    let port = refusing.port
    let policy = RetryPolicy(
      maxAttempts: 4,
      budget: nil,
      baseDelay: .milliseconds(100),
      multiplier: 2,
      maxDelay: .seconds(1),
      jitter: .none
    )
    let events = Events()
    let clock = VirtualClock(recordingSleeps: true)
    let source = GPSDSource(
      endpoint: GPSDEndpoint(host: "127.0.0.1", port: port),
      retryPolicy: policy,
      clock: clock,
      report: events.append
    )
    #expect(try await Self.readings(source).isEmpty)
    #expect(clock.sleeps == [.milliseconds(100), .milliseconds(200), .milliseconds(400)])
    guard case .failed(let error, let attempts) = source.end else {
      Issue.record("expected a failure, got \(String(describing: source.end))")
      return
    }
    #expect(error.kind == .refused && attempts == 4)
    let retries = events.all.compactMap { event -> Int? in
      if case .retrying(_, let attempt, let of, _) = event, of == 4 { return attempt }
      return nil
    }
    #expect(retries == [1, 2, 3])
    #expect(
      events.all.first?.description
        == "cannot connect: Connection refused; trying again in 0.1 s (attempt 1 of 4)"
    )
  }

  /// Receivers that lost one gpsd reconnect at different times: with the default policy's one
  /// seed, every process waited the same delays and knocked at once.
  @Test func twoSourcesDoNotRetryInStep() async throws {
    let refusing = try RefusingPort()
    defer { refusing.close() }
    let port = refusing.port
    var waits: [[Duration]] = []
    for _ in 0..<2 {
      let clock = VirtualClock(recordingSleeps: true)
      let source = GPSDSource(
        endpoint: GPSDEndpoint(host: "127.0.0.1", port: port),
        clock: clock,
        report: { _ in }
      )
      #expect(try await Self.readings(source).isEmpty)
      waits.append(clock.sleeps)
    }
    #expect(waits[0].count >= 2)
    #expect(waits[0] != waits[1])
  }

  @Test func anUnresolvableHostIsNotRetried() async throws {
    let clock = VirtualClock(recordingSleeps: true)
    let source = GPSDSource(
      endpoint: GPSDEndpoint(host: "no-such-host.invalid", port: 2947),
      clock: clock
    )
    #expect(try await Self.readings(source).isEmpty)
    guard case .failed(let error, let attempts) = source.end else {
      Issue.record("expected a failure")
      return
    }
    #expect(error.kind == .hostNotFound && attempts == 1)
    #expect(clock.sleeps.isEmpty)
  }

  @Test func stopEndsAQuietConnectionAndHandsOnTheHeldFix() async throws {
    let gpsd = try FakeGPSD([
      .init(lines: Self.preamble + [Self.tpv(60.1), Self.tpv(60.2)], ending: .waitForClient)
    ])
    let source = GPSDSource(
      endpoint: GPSDEndpoint(host: "127.0.0.1", port: gpsd.port),
      clock: VirtualClock()
    )
    let next = try source.fixSource.makeReadings()
    #expect(Self.latitudes([try await next()].compactMap { $0 }) == [60.1])
    source.stop()
    #expect(Self.latitudes([try await next()].compactMap { $0 }) == [60.2])
    #expect(try await next() == nil)
    #expect(source.end == .stopped)
    _ = try gpsd.commands()
  }

  @Test func stopDuringABackoffWaitEndsAtOnce() async throws {
    let refusing = try RefusingPort()
    defer { refusing.close() }
    let port = refusing.port
    let source = GPSDSource(
      endpoint: GPSDEndpoint(host: "127.0.0.1", port: port),
      retryPolicy: RetryPolicy(
        maxAttempts: 100,
        budget: nil,
        baseDelay: .seconds(3600),
        jitter: .none
      ),
      clock: ContinuousClock(),
      report: { _ in }
    )
    let next = try source.fixSource.makeReadings()
    source.stop()
    #expect(try await next() == nil)
    #expect(source.end == .stopped)
  }

  @Test func aHugeLineIsSkippedAndReadingGoesOn() async throws {
    let huge = #"{"class":"SKY","x":""# + String(repeating: "x", count: 200_000) + #""}"#
    let gpsd = try FakeGPSD([.init(lines: [huge, Self.tpv(60.1)])])
    let events = Events()
    let source = GPSDSource(
      endpoint: GPSDEndpoint(host: "127.0.0.1", port: gpsd.port),
      clock: VirtualClock(),
      lineLimit: 1024,
      report: events.append
    )
    #expect(Self.latitudes(try await Self.readings(source)) == [60.1])
    #expect(source.skippedLines == 1)
    #expect(events.all.contains { if case .lineSkipped(line: 1, _) = $0 { true } else { false } })
    _ = try gpsd.commands()
  }
}
