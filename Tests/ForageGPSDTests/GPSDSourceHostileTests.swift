import ForageHTTP
import ForageLocation
import ForageSupport
import ForageTracks
import Foundation
import NIOCore
import NIOPosix
import Testing

@testable import ForageGPSD

/// The live gpsd source against hostile peers on 127.0.0.1: bytes that are not UTF-8, an endless
/// line, a close in the middle of a line, a peer that never speaks, a flood without newlines.
/// Each gives one clear report or error, in bounded memory, and ends.
@Suite struct GPSDSourceHostileTests {
  typealias Base = GPSDSourceTests

  /// The preamble and `lines`, each ended by a newline, as bytes.
  static func bytes(_ lines: [String]) -> [UInt8] {
    Array((Base.preamble + lines).map { $0 + "\n" }.joined().utf8)
  }

  static func source(
    _ server: ScriptedGPSD,
    retryPolicy: RetryPolicy = GPSDSource.defaultRetryPolicy,
    answerTimeout: Duration = .seconds(10),
    lineLimit: Int = 1 << 16,
    events: Base.Events
  ) -> GPSDSource {
    GPSDSource(
      endpoint: GPSDEndpoint(host: "127.0.0.1", port: server.port),
      retryPolicy: retryPolicy,
      clock: VirtualClock(),
      answerTimeout: answerTimeout,
      lineLimit: lineLimit,
      report: events.append
    )
  }

  static func skips(_ events: Base.Events) -> [Int] {
    events.all.compactMap { event in
      if case .lineSkipped(let line, _) = event { return line }
      return nil
    }
  }

  @Test func linesThatAreNotUTF8AreSkippedAndReadingGoesOn() async throws {
    var stream = Self.bytes([Base.tpv(60.1)])
    stream += [0xFF, 0xFE, 0x00, 0x1B, 0x5B, 0x32, 0x4A, 0x0A]
    stream += Array(#"{"class":"TPV","mode":3,"lat":60.2,"lon":24.94,"device":""#.utf8)
    stream += [0xC3, 0x28, 0xED, 0xA0, 0x80]
    stream += Array((#"","time":"2026-01-01T00:00:02Z"}"# + "\n").utf8)
    stream += Array((Base.tpv(60.3) + "\n").utf8)
    let server = try await ScriptedGPSD.start([.send(stream)])
    let events = Base.Events()
    let source = Self.source(server, events: events)
    let latitudes = Base.latitudes(try await Base.readings(source))
    #expect(latitudes.first == 60.1 && latitudes.last == 60.3)
    #expect(Self.skips(events).first == 5)
    #expect(
      events.all.contains(
        .lineSkipped(
          line: 5,
          reason: "expected one JSON object: expected a JSON value but found byte 0xFF at column 1"
        )
      )
    )
    #expect(source.end == .closed)
    try await server.close()
  }

  @Test func anEndlessLineIsSkippedOnceWithoutBeingHeld() async throws {
    // 16 MB without a newline, then a fix: the reader fails the connection should it ever hold
    // more than the line limit, so reading the fix shows the line was dropped as it came.
    let endless = [UInt8](repeating: UInt8(ascii: "x"), count: 16 << 20)
    let server = try await ScriptedGPSD.start([
      .send(Self.bytes([]) + endless + Array("\n\(Base.tpv(60.1))\n".utf8))
    ])
    let events = Base.Events()
    let source = Self.source(server, lineLimit: 4096, events: events)
    #expect(Base.latitudes(try await Base.readings(source)) == [60.1])
    #expect(source.skippedLines == 1)
    #expect(
      events.all.contains(
        .lineSkipped(
          line: 4,
          reason: "a line of more than 4096 bytes; expected a report of at most 4096"
        )
      )
    )
    #expect(source.end == .closed)
    try await server.close()
  }

  @Test func aFloodWithoutNewlinesIsReportedAtOnceAndStopEndsIt() async throws {
    let server = try await ScriptedGPSD.start([
      .flood([UInt8](repeating: UInt8(ascii: "{"), count: 64 << 10))
    ])
    let (skips, skipped) = AsyncStream.makeStream(of: Int.self)
    let source = GPSDSource(
      endpoint: GPSDEndpoint(host: "127.0.0.1", port: server.port),
      clock: VirtualClock(),
      lineLimit: 1024,
      report: { event in
        if case .lineSkipped(let line, _) = event { skipped.yield(line) }
      }
    )
    let next = try source.fixSource.makeReadings()
    async let rest: [GPSReading] = {
      var readings: [GPSReading] = []
      while let reading = try await next() { readings.append(reading) }
      return readings
    }()
    var iterator = skips.makeAsyncIterator()
    #expect(await iterator.next() == 1)
    source.stop()
    #expect(try await rest.isEmpty)
    #expect(source.end == .stopped)
    #expect(source.skippedLines == 1)
    try await server.close()
  }

  @Test func aCloseInTheMiddleOfALineReportsTheCutLineAndEnds() async throws {
    let cut = Array(#"{"class":"TPV","mode":3,"lat":60.2,"lo"#.utf8)
    let server = try await ScriptedGPSD.start([.send(Self.bytes([Base.tpv(60.1)]) + cut)])
    let events = Base.Events()
    let source = Self.source(server, events: events)
    #expect(Base.latitudes(try await Base.readings(source)) == [60.1])
    #expect(source.end == .closed)
    #expect(Self.skips(events) == [5])
    #expect(source.skippedLines == 1)
    try await server.close()
  }

  @Test func aCutLineThatIsAWholeReportIsRead() async throws {
    let server = try await ScriptedGPSD.start([
      .send(Self.bytes([Base.tpv(60.1)]) + Array(Base.tpv(60.2).utf8))
    ])
    let events = Base.Events()
    let source = Self.source(server, events: events)
    #expect(Base.latitudes(try await Base.readings(source)) == [60.1, 60.2])
    #expect(source.end == .closed)
    #expect(events.all.allSatisfy { if case .lineSkipped = $0 { false } else { true } })
    try await server.close()
  }

  @Test func aPeerThatNeverSpeaksFailsWithNoAnswerAfterTheRetries() async throws {
    let server = try await ScriptedGPSD.start([.silence, .silence])
    let events = Base.Events()
    let source = Self.source(
      server,
      retryPolicy: RetryPolicy(maxAttempts: 2, budget: nil, baseDelay: .seconds(1), jitter: .none),
      answerTimeout: .milliseconds(50),
      events: events
    )
    #expect(try await Base.readings(source).isEmpty)
    guard case .failed(let error, let attempts) = source.end else {
      Issue.record("expected a failure, got \(String(describing: source.end))")
      return
    }
    #expect(error.kind == .noAnswer && attempts == 2)
    #expect(
      error.description
        == "no answer: nothing came back within 0.05 s of the first command; is it a gpsd?"
    )
    #expect(
      events.all.filter { if case .retrying = $0 { true } else { false } }.map(\.description) == [
        "no answer: nothing came back within 0.05 s of the first command; is it a gpsd?; "
          + "trying again in 1.0 s (attempt 1 of 2)"
      ]
    )
    try await server.close()
  }

  @Test func aListenerThatNeverAcceptsTimesTheConnectOut() async throws {
    // A listener with a backlog of 0 that never accepts: once one connection waits in its
    // queue, the kernel drops every further SYN, so the next connect can only time out.
    let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.backlog, value: 0)
      .serverChannelOption(.autoRead, value: false)
      .bind(host: "127.0.0.1", port: 0)
      .get()
    let port = try #require(listener.localAddress?.port)
    let waiting = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .connect(host: "127.0.0.1", port: port)
      .get()
    let events = Base.Events()
    let source = GPSDSource(
      endpoint: GPSDEndpoint(host: "127.0.0.1", port: port),
      retryPolicy: RetryPolicy(maxAttempts: 1, budget: nil),
      clock: VirtualClock(),
      connectTimeout: .milliseconds(100),
      report: events.append
    )
    #expect(try await Base.readings(source).isEmpty)
    #expect(
      source.end
        == .failed(
          GPSDConnectionError(.unreachable, reason: "no connection within 0.1 s"),
          attempts: 1
        )
    )
    #expect(events.all.isEmpty)
    try await waiting.close()
    try await listener.close()
  }

  @Test func aFloodOfReportsWaitsForASlowReader() async throws {
    // Two epochs a second apart, again and again: each line completes a fix. The reader takes
    // one reading, then waits until the source has handed on its whole backlog: the source must
    // then stop there, however fast gpsd sends.
    let epochs = [Base.tpv(60.1), Base.tpv(60.2)].map { $0 + "\n" }.joined()
    let server = try await ScriptedGPSD.start([
      .flood(Array(String(repeating: epochs, count: 200).utf8))
    ])
    let source = GPSDSource(
      endpoint: GPSDEndpoint(host: "127.0.0.1", port: server.port),
      clock: VirtualClock(),
      backlog: 16
    )
    let next = try source.fixSource.makeReadings()
    #expect(try await next() != nil)
    while source.fixCount < 17 { await Task.yield() }
    for _ in 0..<100 { await Task.yield() }
    #expect(source.fixCount <= 18)
    for _ in 0..<100 { #expect(try await next() != nil) }
    #expect(source.fixCount <= 118)
    source.stop()
    while try await next() != nil {}
    #expect(source.end == .stopped)
    try await server.close()
  }
}
