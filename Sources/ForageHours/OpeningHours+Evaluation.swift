/// Evaluation of the rules on a local day, after the `opening-hours` Rust crate's `schedule_at`.
extension OpeningHours {
  /// The state at `minute` after midnight of `date`, trying every reading the value allows and
  /// giving an answer only when they all agree.
  func state(on date: LocalDate, atMinute minute: Int, publicHolidays: PublicHolidays) -> Bool? {
    dayAnswers(on: date, publicHolidays: publicHolidays).state(atMinute: minute)
  }

  /// The schedules of `date` under every answer to the holiday questions the caller cannot
  /// answer (whether `date` and the day before are `PH` or `SH`) and under every reading of
  /// rules that close some times of a day.
  func dayAnswers(on date: LocalDate, publicHolidays: PublicHolidays) -> DayAnswers {
    var questions: [(kind: HolidayKind, date: LocalDate)] = []
    for kind in holidayKinds {
      if kind == .publicHoliday, case .dates = publicHolidays { continue }
      questions.append((kind, date))
      questions.append((kind, date.previous))
    }
    let readings: [ClosingReading] =
      rules.contains(where: \.closesOnlySomeTimes)
      ? [.addsClosedTimes, .replacesDay] : [.addsClosedTimes]
    var schedules: [DaySchedule] = []
    for reading in readings {
      for answers in 0..<(1 << questions.count) {
        let schedule = schedule(on: date, reading: reading) { kind, day in
          if let index = questions.firstIndex(where: { $0.kind == kind && $0.date == day }) {
            return answers & (1 << index) != 0
          }
          if kind == .publicHoliday, case .dates(let holidays) = publicHolidays {
            return holidays.contains(day)
          }
          return false
        }
        schedules.append(schedule)
      }
    }
    return DayAnswers(schedules: schedules)
  }

  /// How a normal rule that closes some times of a day (`Mo-Fr 09:00-17:00; We 12:00-13:00 off`)
  /// combines with the rules before it; implementations differ.
  enum ClosingReading {
    /// It adds its closed times to the day, like an additional rule (the Rust crate, and a
    /// lunch break's usual meaning).
    case addsClosedTimes
    /// It replaces the day like any other normal rule (the specification's letter).
    case replacesDay
  }

  /// The schedule of `date`: each rule in turn replaces, adds to or falls back on what the rules
  /// before it gave.
  ///
  /// As in the Rust crate, a normal rule that closes the whole day (`Su off`, `PH off`) adds its
  /// closed times like an additional rule, and a normal rule that does not select today still
  /// brings what runs past midnight from yesterday when the rules before it left today closed.
  func schedule(
    on date: LocalDate,
    reading: ClosingReading = .addsClosedTimes,
    isHoliday: (HolidayKind, LocalDate) -> Bool
  ) -> DaySchedule {
    var anyMatched = false
    var current: DaySchedule?
    for rule in rules {
      let matches = rule.days.matches(date, isHoliday: isHoliday)
      let ruleSchedule = schedule(of: rule, on: date, matchesToday: matches, isHoliday: isHoliday)
      let replaces =
        rule.combination == .normal
        && (rule.state != .closed || (rule.closesOnlySomeTimes && reading == .replacesDay))
      switch rule.combination {
      case .normal where replaces:
        if matches {
          current = ruleSchedule
        } else if current?.isAlwaysClosed ?? true {
          // What runs into today from yesterday shows through a day left closed.
          current = ruleSchedule ?? current
        }
        anyMatched = anyMatched || matches
      case .normal, .additional:
        if let earlier = current, let added = ruleSchedule {
          current = earlier.adding(added)
        } else {
          current = current ?? ruleSchedule
        }
        anyMatched = anyMatched || matches
      case .fallback:
        let earlierStands = anyMatched && !(current?.isAlwaysClosed ?? false)
        if !earlierStands {
          current = ruleSchedule
          anyMatched = matches
        }
      }
    }
    return current ?? DaySchedule()
  }

  /// What `rule` alone gives on `date`: its times today when it selects today, with the part of
  /// yesterday's times that runs past midnight when it selected yesterday; `nil` when it gives
  /// nothing (it neither selects today nor runs into it from yesterday).
  private func schedule(
    of rule: OpeningHoursRule,
    on date: LocalDate,
    matchesToday: Bool,
    isHoliday: (HolidayKind, LocalDate) -> Bool
  ) -> DaySchedule? {
    var today: DaySchedule?
    if matchesToday {
      today = DaySchedule(ranges: rule.sameDayParts, state: rule.state)
    }
    var fromYesterday: DaySchedule?
    if !rule.nextDayParts.isEmpty, rule.days.matches(date.previous, isHoliday: isHoliday) {
      fromYesterday = DaySchedule(ranges: rule.nextDayParts, state: rule.state)
    }
    if let today, let fromYesterday { return today.adding(fromYesterday) }
    return today ?? fromYesterday
  }
}
