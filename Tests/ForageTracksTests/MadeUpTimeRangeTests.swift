import ForageSupport
import Foundation
import Testing

@testable import ForageTracks

/// Made-up times never leave the years forage reads, however far the untimed points walk: past
/// the end they stop at 9999-12-31T23:59:59.999Z, before the start at 0001-01-01T00:00:00Z, and
/// they still never overtake a real time.
@Suite struct MadeUpTimeRangeTests {
  /// Untimed points that hop between two antipodes, each leg 20 000 km (about 165 days at the
  /// walking speed), around one timed point.
  static func track(timed time: String, before: Int, after: Int) -> String {
    func point(_ number: Int, _ time: String?) -> String {
      let latitude = number % 2 == 0 ? "60" : "-60"
      let longitude = number % 2 == 0 ? "25" : "-155"
      return #"<trkpt lat="\#(latitude)" lon="\#(longitude)">"#
        + (time.map { "<time>\($0)</time>" } ?? "") + "</trkpt>\n"
    }
    let points =
      (0..<before).map { point($0, nil) } + [point(before, time)]
      + (0..<after).map { point(before + 1 + $0, nil) }
    return gpx("<trk><trkseg>\n" + points.joined() + "</trkseg></trk>")
  }

  @Test(arguments: [
    ("9999-12-31T23:59:59Z", 0, 1), ("9999-12-31T23:59:59.999Z", 0, 3),
    ("9999-06-01T00:00:00Z", 2, 10), ("9999-12-31T00:00:00Z", 5, 100),
    ("1980-01-06T00:00:00Z", 4_000, 0), ("2024-05-01T00:00:00Z", 9_000, 2),
  ])
  func madeUpTimesStayWithinTheYearsForageReads(
    _ time: String,
    _ before: Int,
    _ after: Int
  )
    throws
  {
    let read = fixes(try readEvents(Self.track(timed: time, before: before, after: after)))
    #expect(read.count == before + after + 1)
    let real = date(time)
    for (number, fix) in read.enumerated() {
      let at = try #require(fix.time)
      #expect(Date.representableSeconds.contains(at.timeIntervalSince1970), "fix \(number)")
      #expect(at >= Date.earliestRepresentable && at <= Date.latestRepresentable)
      // Before the real time, at most it; after it, at least it.
      #expect(number < before ? at <= real : at >= real, "fix \(number)")
    }
    let times = read.compactMap(\.time)
    #expect(times == times.sorted())
  }
}
