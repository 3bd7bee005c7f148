import ForageGeodesy
import ForageHours
import ForagePlaceModel
import Foundation
import Testing

/// The judge: the hours' own zone or offset, `--timezone`, and the reasons it counts.
@Suite struct HoursJudgeTests {
  static func place(_ id: String, _ hours: PlaceHours?) -> Place {
    Place(
      id: id,
      name: id,
      coordinate: Coordinate(unchecked: 60.17, longitude: 24.94),
      openingHours: hours,
      provenance: .dataset
    )
  }

  static func time(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

  /// Places API (New): Monday to Friday 09:00–17:00, and Friday night to Saturday 02:00.
  static let week = WeeklyHours(
    periods: (1...5).map {
      WeeklyPeriod(
        open: WeekTime(day: $0, hour: 9, minute: 0)!,
        close: WeekTime(day: $0, hour: 17, minute: 0)!
      )
    } + [
      WeeklyPeriod(
        open: WeekTime(day: 5, hour: 22, minute: 0)!,
        close: WeekTime(day: 6, hour: 2, minute: 0)!
      )
    ]
  )

  @Test func weeklyHoursAreReadInTheirOwnOffsetBeforeTheZone() {
    var week = Self.week
    week.utcOffsetMinutes = 180
    let judge = HoursJudge(timeZone: TimeZone(identifier: "America/New_York"))
    let place = Self.place("a", .weekly(week))
    // Friday 2026-06-12 06:30 UTC is 09:30 at +03:00 (and 02:30 in New York).
    #expect(judge.verdict(for: place, at: Self.time("2026-06-12T06:30:00Z")) == .open)
    #expect(judge.verdict(for: place, at: Self.time("2026-06-12T05:59:00Z")) == .closed)
    // Saturday 01:59 at +03:00: the Friday night period, over midnight.
    #expect(judge.verdict(for: place, at: Self.time("2026-06-12T22:59:00Z")) == .open)
    #expect(judge.verdict(for: place, at: Self.time("2026-06-12T23:00:00Z")) == .closed)
  }

  @Test func weeklyHoursWithoutAnOffsetNeedTheZone() {
    let place = Self.place("a", .weekly(Self.week))
    let friday = Self.time("2026-06-12T06:30:00Z")
    let without = HoursJudge(timeZone: nil)
    #expect(without.verdict(for: place, at: friday) == .unknown(.needsTimeZone))
    #expect(without.tally().counts == [.needsTimeZone: 1])
    #expect(without.tally().warning()?.contains("--timezone") == true)
    // 09:30 in Helsinki (summer time, +03:00); 02:30 in New York.
    let helsinki = HoursJudge(timeZone: TimeZone(identifier: "Europe/Helsinki"))
    #expect(helsinki.verdict(for: place, at: friday) == .open)
    let newYork = HoursJudge(timeZone: TimeZone(identifier: "America/New_York"))
    #expect(newYork.verdict(for: place, at: friday) == .closed)
  }

  @Test func theDaylightSavingChangeIsTheZoneDatabases() {
    // Every day 02:30–03:30 local time; Helsinki moves from 03:00 to 04:00 on 2026-03-29.
    let place = Self.place(
      "a",
      .weekly(
        WeeklyHours(
          periods: (0...6).map {
            WeeklyPeriod(
              open: WeekTime(day: $0, hour: 2, minute: 30)!,
              close: WeekTime(day: $0, hour: 3, minute: 30)!
            )
          }
        )
      )
    )
    let judge = HoursJudge(timeZone: TimeZone(identifier: "Europe/Helsinki"))
    // 00:45 UTC is 02:45 (+02:00) before the change; 01:15 UTC is 04:15 (+03:00) after it.
    #expect(judge.verdict(for: place, at: Self.time("2026-03-29T00:45:00Z")) == .open)
    #expect(judge.verdict(for: place, at: Self.time("2026-03-29T01:15:00Z")) == .closed)
    // A day later 00:15 UTC is 03:15 (+03:00).
    #expect(judge.verdict(for: place, at: Self.time("2026-03-30T00:15:00Z")) == .open)
  }

  @Test func everyReasonIsCountedOncePerPlace() {
    let judge = HoursJudge(timeZone: nil)
    let friday = Self.time("2026-06-12T06:30:00Z")
    let places = [
      Self.place("none", nil),
      Self.place("zone", .openStreetMap("Mo-Fr 09:00-17:00")),
      Self.place("bad", .openStreetMap("not hours at all")),
      Self.place("always", .openStreetMap("24/7")),
    ]
    for _ in 0..<3 {
      for place in places { _ = judge.verdict(for: place, at: friday) }
    }
    #expect(judge.verdict(for: places[3], at: nil) == .open)
    #expect(judge.verdict(for: places[1], at: nil) == .unknown(.noFixTime))
    let tally = judge.tally()
    #expect(
      tally.counts == [.noHours: 1, .needsTimeZone: 1, .unreadable: 1, .noFixTime: 1]
    )
    #expect(tally.total == 3)
    let details = tally.details() ?? ""
    #expect(details.contains("\"not hours at all\""), "\(details)")
    #expect(!details.contains("\n"))
    #expect(HoursJudge(timeZone: nil).tally().details() == nil)
    #expect(HoursJudge(timeZone: nil).tally().warning(isOpenOnly: true) == nil)
  }
}

/// Hours a source gave that cannot be read are unknown, counted as unreadable with why.
@Suite struct UnreadableHoursTests {
  @Test func unreadableHoursAreCountedWithWhy() {
    let judge = HoursJudge(timeZone: nil)
    let place = HoursJudgeTests.place("x", .unreadable("period 1 closes when it opens"))
    #expect(
      judge.verdict(for: place, at: HoursJudgeTests.time("2026-06-12T06:30:00Z"))
        == .unknown(.unreadable)
    )
    #expect(judge.tally().details()?.contains("period 1 closes when it opens") == true)
    #expect(
      judge.tally().warning(isOpenOnly: true)?.contains("period 1 closes when it opens") == true
    )
  }

  @Test func aWeekIsCheckedAsItIsRead() {
    func time(_ day: Int, _ hour: Int) -> WeekTime { WeekTime(day: day, hour: hour, minute: 0)! }
    #expect(
      PlaceHours.week([WeeklyPeriod(open: time(0, 0), close: nil)], utcOffsetMinutes: 0)
        == .weekly(
          WeeklyHours(periods: [WeeklyPeriod(open: time(0, 0), close: nil)], utcOffsetMinutes: 0)
        )
    )
    for (periods, offset) in [
      ([WeeklyPeriod(open: time(1, 10), close: nil)], nil),
      ([WeeklyPeriod(open: time(1, 10), close: time(1, 10))], nil),
      ([nil], nil),
      ([WeeklyPeriod(open: time(1, 10), close: time(1, 12))], 18 * 60 + 1),
    ] as [([WeeklyPeriod?], Int?)] {
      guard case .unreadable = PlaceHours.week(periods, utcOffsetMinutes: offset) else {
        Issue.record("\(periods) \(String(describing: offset)) was read")
        continue
      }
    }
  }
}

/// A warning is what a user can act on: without `--open` only the places whose hours need a zone
/// (`--timezone` tells them); with `--open`, which leaves out every place it cannot tell, every
/// reason. The log line (`details`) counts every reason either way.
@Suite struct HoursWarningTests {
  /// Every set of reasons, each counted once or twice.
  static let tallies: [HoursTally] = (0..<(1 << UnknownHoursReason.allCases.count)).flatMap {
    mask in
    [1, 2].map { count in
      let reasons = UnknownHoursReason.allCases.enumerated().filter { mask & (1 << $0.offset) != 0 }
      return HoursTally(
        counts: Dictionary(uniqueKeysWithValues: reasons.map { ($0.element, count) }),
        total: reasons.count * count,
        firstUnreadable: UnreadableExample(text: "Mo-Fr 25:00", reason: "an hour of 25")
      )
    }
  }

  @Test func onlyWhatAnOptionChangesIsAWarning() {
    for tally in Self.tallies {
      for countsNoHours in [true, false] {
        let counted = tally.counts.keys.filter { countsNoHours || $0 != .noHours }
        let plain = tally.warning(countsNoHours: countsNoHours)
        let open = tally.warning(countsNoHours: countsNoHours, isOpenOnly: true)
        let details = tally.details(countsNoHours: countsNoHours)

        let needsZone = tally.counts[.needsTimeZone] != nil
        #expect((plain != nil) == needsZone, "\(tally)")
        #expect(plain.map { $0.contains("--timezone") && !$0.contains("no hours") } ?? true)
        #expect((open != nil) == !counted.isEmpty, "\(tally)")
        #expect((details != nil) == !counted.isEmpty, "\(tally)")
        #expect(open?.hasPrefix("--open left out") ?? true)
        for line in [plain, open, details].compactMap({ $0 }) { #expect(!line.contains("\n")) }
        // --open's line and the log's name every counted reason.
        for reason in counted {
          let phrase = Self.phrase(reason)
          #expect(open?.contains(phrase) == true, "\(reason) in \(open ?? "nil")")
          #expect(details?.contains(phrase) == true, "\(reason) in \(details ?? "nil")")
          #expect(plain?.contains(phrase) ?? false == (reason == .needsTimeZone))
        }
      }
    }
  }

  /// The words that name a reason in the lines.
  static func phrase(_ reason: UnknownHoursReason) -> String {
    switch reason {
    case .noHours: "with no hours from the source"
    case .unreadable: "with hours that cannot be read (such as \"Mo-Fr 25:00\": an hour of 25)"
    case .needsTimeZone: "no zone known (give --timezone"
    case .noFixTime: "met at fixes with no time"
    case .undecided: "whose hours leave it open"
    }
  }
}
