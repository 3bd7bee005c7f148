import ForageSupport
import ForageTracks
import Foundation
import Testing

@testable import ForageLocation

/// Time as a live receiver gives it: readings before it knows the time, and times that start
/// again. Judged as the track reader judges a file.
@Suite struct TimelineTests {
  static let t0 = Date(timeIntervalSince1970: 1_781_263_800)

  static func fix(_ seconds: Double?, segment: Int = 0) -> Fix {
    Fix(
      time: seconds.map { t0.addingTimeInterval($0) },
      latitude: 60.17 + (seconds ?? 0) * 1e-5,
      longitude: 24.94,
      segment: segment
    )
  }

  /// The times each output is placed at, by kind: "auth", "fix N" or "lost N".
  static func placed(
    _ readings: [GPSReading],
    fallbackTime: (@Sendable () -> Date)? = nil
  ) async throws -> [String: Date] {
    var iterator = readings.makeIterator()
    var placed: [String: Date] = [:]
    try await SimulatedGPS(clock: VirtualClock()).replay(
      readings: { iterator.next() },
      scenario: .granted,
      fallbackTime: fallbackTime
    ) { output in
      switch output {
      case .authorization(_, _, let at): placed["auth"] = at
      case .fix(let index, _, let at): placed["fix \(index)"] = at
      case .locationUnknown(let index, let at): placed["lost \(index)"] = at
      }
    }
    return placed
  }

  @Test func readingsBeforeTheFirstTimeArePlacedAtIt() async throws {
    let placed = try await Self.placed([
      .locationUnknown(time: nil), .fix(Self.fix(nil)), .fix(Self.fix(5)), .fix(Self.fix(6)),
    ])
    let first = Self.t0.addingTimeInterval(5)
    #expect(placed["auth"] == first)
    #expect(placed["lost 0"] == first)
    #expect(placed["fix 1"] == first)
    #expect(placed["fix 2"] == first)
    #expect(placed["fix 3"] == Self.t0.addingTimeInterval(6))
  }

  /// A fix earlier than the one before (a new timeline) is not waited for, and is stamped with
  /// its own time, as its events carry it: every such fix was stamped with the last time before.
  @Test func aFixEarlierThanTheOneBeforeCarriesItsOwnTime() async throws {
    let placed = try await Self.placed([
      .fix(Self.fix(10)), .fix(Self.fix(11)), .fix(Self.fix(2, segment: 1)),
      .fix(Self.fix(3, segment: 1)), .fix(Self.fix(12, segment: 1)),
    ])
    #expect(placed["fix 1"] == Self.t0.addingTimeInterval(11))
    #expect(placed["fix 2"] == Self.t0.addingTimeInterval(2))
    #expect(placed["fix 3"] == Self.t0.addingTimeInterval(3))
    #expect(placed["fix 4"] == Self.t0.addingTimeInterval(12))
  }

  @Test func readingsThatNeverHaveATimeStartAtTheFallback() async throws {
    let now = Self.t0.addingTimeInterval(1_000)
    let placed = try await Self.placed(
      [.locationUnknown(time: nil), .locationUnknown(time: nil)],
      fallbackTime: { now }
    )
    #expect(placed["auth"] == now)
    #expect(placed["lost 0"] == now)
    #expect(placed["lost 1"] == now)
  }

  @Test func aLiveReadingWithoutATimeIsPlacedAtTheLastTimeKnown() async throws {
    let placed = try await Self.placed(
      [.fix(Self.fix(5)), .locationUnknown(time: nil), .locationUnknown(time: nil)],
      fallbackTime: { Date() }
    )
    #expect(placed["lost 1"] == Self.t0.addingTimeInterval(5))
    #expect(placed["lost 2"] == Self.t0.addingTimeInterval(5))
  }

  @Test func aFixEarlierThanTheLastDeliveredIsStaleUntilANewTimelineStarts() {
    var state = LocationState(authorization: .authorizedWhenInUse)
    state.wantsUpdates = true
    let times: [Double] = [10, 11, 12, 1, 2, 3, 4]
    for (index, time) in times.enumerated() {
      LocationState.reduce(
        &state,
        .fixReceived(index: index, fix: Self.fix(time), receivedAt: nil)
      )
    }
    #expect(state.drops == [.stale: 2])
    #expect(state.lastDelivered?.time == Self.t0.addingTimeInterval(4))
  }

  @Test func anEarlierFixInANewSegmentStartsANewTimeline() {
    let filter = FixFilter()
    let last = Self.fix(100)
    #expect(filter.decide(Self.fix(50), after: last, now: nil, accuracy: .full) == .drop(.stale))
    let moved = Self.fix(50, segment: 1)
    #expect(filter.decide(moved, after: last, now: nil, accuracy: .full) == .deliver(moved))
  }

  @Test func theStandardFilterDropsWhatTheReaderCallsLowAccuracy() {
    let filter = FixFilter.standard()
    let limits = TrackReadOptions()
    var fix = Self.fix(1)
    fix.hdop = limits.maximumHDOP
    #expect(filter.decide(fix, after: nil, now: nil, accuracy: .full) == .deliver(fix))
    fix.hdop = limits.maximumHDOP + 0.1
    #expect(filter.decide(fix, after: nil, now: nil, accuracy: .full) == .drop(.lowAccuracy))
    fix.hdop = nil
    fix.horizontalAccuracy = limits.maximumAccuracy + 1
    #expect(filter.decide(fix, after: nil, now: nil, accuracy: .full) == .drop(.lowAccuracy))
  }
}
