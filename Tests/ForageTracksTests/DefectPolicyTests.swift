import ForageGeodesy
import Foundation
import Testing

@testable import ForageTracks

/// Every defect class is reported with its line, and its policy decides what happens to the fix.
@Suite struct DefectPolicyTests {
  /// A CSV track from `(seconds since 2020-01-01 or nil, latitude, longitude)` rows.
  func csv(_ rows: [(Int?, Double, Double)], hdop: Double? = nil) -> String {
    var text = hdop == nil ? "time,lat,lon\n" : "time,lat,lon,hdop\n"
    for (seconds, latitude, longitude) in rows {
      let time =
        seconds.map {
          ISO8601DateFormatter().string(
            from: Date(timeIntervalSince1970: 1_577_836_800 + Double($0))
          )
        } ?? ""
      text += "\(time),\(latitude),\(longitude)" + (hdop.map { ",\($0)" } ?? "") + "\n"
    }
    return text
  }

  /// A point without a time between a timed point and one earlier than it (a time going
  /// backwards) is given a time forward from the one before and kept: its time was made up
  /// backwards from the earlier one, so it was reported both "interpolated" and "skipped".
  @Test func aMissingTimeBeforeATimeGoingBackwardsIsGivenOneForward() throws {
    let events = try readEvents(
      csv([
        (10, 60, 24), (11, 60.00001, 24), (nil, 60.00002, 24), (1, 60.00003, 24),
        (12, 60.00004, 24),
      ]),
      format: .csv
    )
    #expect(fixes(events).map(\.line) == [2, 3, 4, 6])
    #expect(defects(.missingTime, in: events).map(\.line) == [4])
    #expect(defects(.timeBackwards, in: events).map(\.line) == [5])
    let made = try #require(fixes(events).first { $0.line == 4 }?.time)
    #expect(made > Date(timeIntervalSince1970: 1_577_836_811))
    #expect(made < Date(timeIntervalSince1970: 1_577_836_812))
  }

  @Test func interpolatesMissingTimesForwardAtTheStatedSpeed() throws {
    var options = TrackReadOptions()
    options.missingTime = .interpolate(metresPerSecond: 2)
    let events = try readEvents(
      csv([(0, 60, 24), (nil, 60.001, 24)]),
      format: .csv,
      options: options
    )
    let read = fixes(events)
    let metres = Geodesic.distance(latitude1: 60, longitude1: 24, latitude2: 60.001, longitude2: 24)
    #expect(abs(read[1].time!.timeIntervalSince(read[0].time!) - metres / 2) < 1e-6)
    #expect(defects(.missingTime, in: events).map(\.line) == [3])
  }

  @Test func interpolatesLeadingMissingTimesBackwardsFromTheFirstTimedPoint() throws {
    let events = try readEvents(
      csv([(nil, 60, 24), (nil, 60.001, 24), (100, 60.002, 24)]),
      format: .csv
    )
    let read = fixes(events)
    #expect(read.count == 3)
    let step =
      Geodesic.distance(latitude1: 60.001, longitude1: 24, latitude2: 60.002, longitude2: 24) / 1.4
    #expect(abs(read[2].time!.timeIntervalSince(read[1].time!) - step) < 1e-6)
    #expect(read[0].time! < read[1].time!)
    #expect(defects(.missingTime, in: events).map(\.line) == [2, 3])
  }

  /// A gap between two timed points is timed between them, by distance along the track: a
  /// made-up time never overtakes the real one after it, which would then be dropped as going
  /// backwards (the walk's pace is 1.4 m/s; these points are 11 m apart, 5 s and 1 s apart).
  @Test(arguments: [1, 3, 7])
  func interpolatesAGapBetweenItsTimedNeighbours(missing: Int) throws {
    var rows: [(Int?, Double, Double)] = [(0, 60, 24)]
    for step in 1...missing { rows.append((nil, 60 + Double(step) * 0.0001, 24)) }
    rows.append((5, 60 + Double(missing + 1) * 0.0001, 24))
    rows.append((6, 60 + Double(missing + 2) * 0.0001, 24))
    let events = try readEvents(csv(rows), format: .csv)
    let read = fixes(events)
    #expect(read.count == missing + 3)
    #expect(defects(.timeBackwards, in: events).isEmpty)
    let times = read.map { $0.time!.timeIntervalSince(read[0].time!) }
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "\(times)")
    // Evenly spaced points share the interval evenly.
    for step in 1...missing {
      #expect(abs(times[step] - 5 * Double(step) / Double(missing + 1)) < 1e-6, "\(times)")
    }
    #expect(read.filter(\.isTimeEstimated).count == missing)
  }

  @Test func startsATimelessTrackAtTheStatedInstant() throws {
    let read = fixes(try readEvents(csv([(nil, 60, 24), (nil, 60.001, 24)]), format: .csv))
    #expect(read.first?.time == TrackReadOptions().timelessStart)
  }

  @Test func dropsPointsWithoutTimesWhenTimesAreRequired() throws {
    let events = try readEvents(
      csv([(0, 60, 24), (nil, 60.001, 24)]),
      format: .csv,
      options: .requiringTimes
    )
    #expect(fixes(events).count == 1)
    #expect(defects(.missingTime, in: events).first?.detail == "dropped")
  }

  @Test func treatsSentinelTimesAsMissing() throws {
    let text = "time,lat,lon\n2020-01-01T00:00:00Z,60,24\n1901-12-13T20:45:52Z,60.0001,24\n"
    let events = try readEvents(text, format: .csv)
    // One defect for one point: a placeholder time is handled as a missing time, and reported
    // once, as what it is.
    #expect(defects(.sentinelTime, in: events).map(\.line) == [3])
    #expect(defects(.sentinelTime, in: events).first?.detail == "interpolated")
    #expect(defects(.missingTime, in: events).isEmpty)
    #expect(fixes(events)[1].time! > date("2020-01-01T00:00:00Z"))
  }

  @Test func dropsTimesGoingBackwardsByDefault() throws {
    let rows: [(Int?, Double, Double)] = [(10, 60, 24), (5, 60.0001, 24), (20, 60.0002, 24)]
    let events = try readEvents(csv(rows), format: .csv)
    #expect(fixes(events).count == 2)
    #expect(defects(.timeBackwards, in: events).map(\.line) == [3])
    var keep = TrackReadOptions()
    keep.timeBackwards = .keep
    #expect(fixes(try readEvents(csv(rows), format: .csv, options: keep)).count == 3)
  }

  @Test func dropsDuplicatePoints() throws {
    let events = try readEvents(csv([(0, 60, 24), (0, 60, 24), (1, 60, 24)]), format: .csv)
    #expect(fixes(events).count == 2)
    #expect(defects(.duplicatePoint, in: events).map(\.line) == [3])
  }

  @Test func flagsImplausibleJumpsAndDropsThemWhenAsked() throws {
    let rows: [(Int?, Double, Double)] = [(0, 60, 24), (2, 60.0017, 24), (4, 60.00171, 24)]
    let events = try readEvents(csv(rows), format: .csv)
    #expect(fixes(events).count == 3)
    let jump = try #require(defects(.implausibleJump, in: events).first)
    #expect(jump.line == 3 && jump.detail?.hasSuffix("m/s") == true)
    var drop = TrackReadOptions()
    drop.implausibleJump = .drop
    #expect(fixes(try readEvents(csv(rows), format: .csv, options: drop)).count == 2)
  }

  @Test func startsANewSegmentAfterAGap() throws {
    let events = try readEvents(
      csv([(0, 60, 24), (10, 60.0001, 24), (1000, 60.0002, 24)]),
      format: .csv
    )
    #expect(fixes(events).map(\.segment) == [0, 0, 1])
    #expect(defects(.gap, in: events).map(\.line) == [4])
    var keep = TrackReadOptions()
    keep.gap = .keep
    #expect(
      fixes(try readEvents(csv([(0, 60, 24), (1000, 60.0002, 24)]), format: .csv, options: keep))
        .map(\.segment) == [0, 0]
    )
  }

  @Test func dropsInvalidCoordinates() throws {
    let events = try readEvents(csv([(0, 91, 24), (1, 60, 181), (2, 60, 24)]), format: .csv)
    #expect(fixes(events).count == 1)
    #expect(defects(.invalidCoordinate, in: events).map(\.line) == [2, 3])
  }

  @Test func flagsHighHDOPAsLowAccuracy() throws {
    let events = try readEvents(csv([(0, 60, 24)], hdop: 12), format: .csv)
    #expect(fixes(events).first?.horizontalAccuracy == 60)
    #expect(defects(.lowAccuracy, in: events).map(\.line) == [2])
    var drop = TrackReadOptions()
    drop.lowAccuracy = .drop
    #expect(
      fixes(try readEvents(csv([(0, 60, 24)], hdop: 12), format: .csv, options: drop)).isEmpty
    )
  }

  @Test func flagsNegativeAccuracyAsNoFix() throws {
    let events = try readEvents(
      "time,lat,lon,accuracy\n2020-01-01T00:00:00Z,60,24,-1\n",
      format: .csv
    )
    #expect(defects(.noFix, in: events).map(\.line) == [2])
    #expect(fixes(events).first?.horizontalAccuracy == -1)
  }
}

extension DefectPolicyTests {
  @Test func followsANewTimelineAfterSeveralBackwardTimes() throws {
    // One far-future outlier must not make the rest of the track "backwards" for ever.
    let rows: [(Int?, Double, Double)] = [
      (0, 60, 24), (1, 60.00001, 24), (900_000, 60.00002, 24), (2, 60.00003, 24), (3, 60.00004, 24),
      (4, 60.00005, 24), (5, 60.00006, 24),
    ]
    let events = try readEvents(csv(rows), format: .csv)
    #expect(fixes(events).map(\.line) == [2, 3, 4, 7, 8])
    #expect(defects(.timeBackwards, in: events).map(\.line) == [5, 6])
    #expect(defects(.newTimeline, in: events).map(\.line) == [7])
    #expect(defects(.newTimeline, in: events).first?.detail == "899996.0 s earlier")
  }

  /// A track whose times run backwards throughout: every third point starts a new timeline and
  /// is kept, and is counted as such, not with the points skipped (it was: "19 points … skipped"
  /// of which 6 were kept).
  @Test func aTrackRunningBackwardsCountsWhatItKeeps() throws {
    let rows: [(Int?, Double, Double)] = (0..<20).map { (19 - $0, 60 + Double($0) * 1e-4, 24) }
    let events = try readEvents(csv(rows), format: .csv)
    let backwards = defects(.timeBackwards, in: events)
    let timelines = defects(.newTimeline, in: events)
    #expect(fixes(events).count == 1 + timelines.count)
    #expect(backwards.count == 13)
    #expect(timelines.count == 6)
  }
}
