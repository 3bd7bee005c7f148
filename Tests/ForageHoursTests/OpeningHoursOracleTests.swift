import Foundation
import Testing

@testable import ForageHours

/// Compares the evaluator with `opening-hours-py`, the Python binding of the Rust
/// `opening-hours` crate, on the bundled Helsinki values and on generated ones.
@Suite struct OpeningHoursOracleTests {
  /// The oracle's answer for one value.
  private struct OracleResult: Decodable {
    var error: String?
    var plain: String?
    var finland: String?
  }

  /// The oracle's whole reply.
  private struct OracleReply: Decodable {
    var finnishHolidays: [String]
    var results: [OracleResult]
  }

  /// The request the oracle script reads.
  private struct OracleRequest: Encodable {
    var expressions: [String]
    var instants: [Int]
    var zones: [String]
    var years: [Int]
  }

  /// One local wall-clock reading of an instant.
  private struct LocalTime {
    var date: LocalDate
    var minute: Int
    var instant: Date
    var zone: TimeZone
  }

  @Test func agreesWithTheOracleWhereverItAnswers() throws {
    let bundled = try OracleCases.bundledValues()
    let expressions = bundled + OracleCases.generatedValues()
    let instants = OracleCases.instants()
    let clock = ContinuousClock()
    let oracleStart = clock.now
    let reply = try runOracle(expressions: expressions, instants: instants)
    let oracleDuration = clock.now - oracleStart
    try #require(reply.results.count == expressions.count)
    let finnishHolidays = Set(reply.finnishHolidays.compactMap(Self.localDate))
    #expect(finnishHolidays.contains(LocalDate(year: 2026, month: 12, day: 6)))
    let localTimes = try Self.localTimes(of: instants)
    let timesByDate = Dictionary(grouping: localTimes.indices) { localTimes[$0].date }
      .sorted { $0.key < $1.key }

    let (open, closed, unknown) = (UInt8(ascii: "o"), UInt8(ascii: "c"), UInt8(ascii: "u"))
    var disagreements: [String] = []
    var comparedInstants = 0
    var bundledParsed = (ours: 0, oracle: 0)
    var bundledRejected: [String] = []
    var bundledValuesDecided = (ours: 0, oracle: 0)
    var generatedParsed = (ours: 0, oracle: 0)
    var generatedDecided = (ours: 0, oracle: 0)
    var bundledDecided = (ours: 0, oracle: 0, oursWithoutCalendar: 0)
    for (index, expression) in expressions.enumerated() {
      let isBundled = index < bundled.count
      let oracle = reply.results[index]
      let parsed = try? OpeningHours(expression)
      if isBundled, let letters = (oracle.finland ?? oracle.plain)?.utf8 {
        // The oracle's decisions count whether or not ours reads the value.
        let decided = letters.filter { $0 != unknown }.count
        bundledDecided.oracle += decided
        bundledValuesDecided.oracle += decided > 0 ? 1 : 0
      }
      if isBundled {
        bundledParsed.ours += parsed == nil ? 0 : 1
        bundledParsed.oracle += oracle.plain == nil ? 0 : 1
        if parsed == nil || oracle.plain == nil {
          let ours = parsed == nil ? "ours rejects" : "ours reads"
          let theirs = oracle.plain == nil ? "oracle rejects" : "oracle reads"
          bundledRejected.append("  \(expression.debugDescription): \(ours), \(theirs)")
        }
      }
      if !isBundled {
        generatedParsed.ours += parsed == nil ? 0 : 1
        generatedParsed.oracle += oracle.plain == nil ? 0 : 1
      }
      guard let hours = parsed else { continue }
      guard let plain = oracle.plain.map({ Array($0.utf8) }) else {
        // The oracle rejects it: ours must not answer either.
        if let time = localTimes.first(where: { hours.state(at: $0.instant, in: $0.zone) != nil }) {
          disagreements.append(
            "\(expression.debugDescription): oracle rejects (\(oracle.error ?? "")) but ours answers at \(time.instant)"
          )
        }
        continue
      }
      let finland = oracle.finland.map { Array($0.utf8) } ?? plain
      let mentionsPublicHolidays = hours.rules.contains {
        $0.days.holidays.contains(.publicHoliday)
      }
      var valueDecided = false
      for (date, timeIndices) in timesByDate {
        let unknownDay = hours.dayAnswers(on: date, publicHolidays: .unknown)
        // A value without PH answers the same whatever the holidays.
        let noHolidayDay =
          mentionsPublicHolidays
          ? hours.dayAnswers(on: date, publicHolidays: .dates([])) : unknownDay
        let finnishDay =
          mentionsPublicHolidays
          ? hours.dayAnswers(on: date, publicHolidays: .dates(finnishHolidays)) : unknownDay
        for timeIndex in timeIndices {
          comparedInstants += 1
          let time = localTimes[timeIndex]
          let unknownCalendar = unknownDay.state(atMinute: time.minute)
          let noHolidays = noHolidayDay.state(atMinute: time.minute)
          let finnish = finnishDay.state(atMinute: time.minute)
          /// Records a disagreement when ours answers and the oracle's letter differs.
          func check(_ label: String, _ ours: Bool?, _ theirs: UInt8) {
            guard let ours, theirs != (ours ? open : closed) else { return }
            disagreements.append(
              "\(expression.debugDescription) @ \(time.date) minute \(time.minute) in \(time.zone.identifier) (\(label)): ours \(ours), oracle \(Character(Unicode.Scalar(theirs)))"
            )
          }
          check("unknown holidays vs no holidays", unknownCalendar, plain[timeIndex])
          check("unknown holidays vs Finnish holidays", unknownCalendar, finland[timeIndex])
          check("no holidays", noHolidays, plain[timeIndex])
          check("Finnish holidays", finnish, finland[timeIndex])
          if !isBundled {
            generatedDecided.oracle += finland[timeIndex] == unknown ? 0 : 1
            generatedDecided.ours += finnish == nil ? 0 : 1
          }
          valueDecided = valueDecided || finnish != nil
          if isBundled {
            bundledDecided.ours += finnish == nil ? 0 : 1
            bundledDecided.oursWithoutCalendar += unknownCalendar == nil ? 0 : 1
          }
        }
      }
      if isBundled, valueDecided { bundledValuesDecided.ours += 1 }
    }
    print(
      """
      Oracle comparison: \(expressions.count) values (\(bundled.count) bundled), \
      \(localTimes.count) local times each, \(comparedInstants) value-instants compared, \
      \(disagreements.count) disagreements; the oracle took \(oracleDuration), ours \(clock.now - oracleStart - oracleDuration).
      Bundled values parsed: ours \(bundledParsed.ours), oracle \(bundledParsed.oracle); rejected by either:
      \(bundledRejected.joined(separator: "\n"))
      Bundled values decided at some instant: ours \(bundledValuesDecided.ours), \
      oracle \(bundledValuesDecided.oracle).
      Bundled value-instants decided (Finnish holidays): ours \(bundledDecided.ours), \
      oracle \(bundledDecided.oracle); ours without a holiday calendar \
      \(bundledDecided.oursWithoutCalendar).
      Generated values parsed: ours \(generatedParsed.ours), oracle \(generatedParsed.oracle); \
      value-instants decided where both parse (Finnish holidays): ours \(generatedDecided.ours), \
      oracle \(generatedDecided.oracle).
      """
    )
    var firstPerValue: [String] = []
    var seen: Set<Substring> = []
    for line in disagreements {
      let value = line.prefix { $0 != "@" }
      if seen.insert(value).inserted { firstPerValue.append(line) }
    }
    #expect(disagreements.isEmpty, "\(firstPerValue.prefix(60).joined(separator: "\n"))")
    #expect(bundledDecided.oracle > 0)
    #expect(Double(bundledDecided.ours) >= 0.95 * Double(bundledDecided.oracle))
    #expect(Double(bundledValuesDecided.ours) >= 0.95 * Double(bundledValuesDecided.oracle))
  }

  @Test func publicAPIMatchesLocalEvaluation() throws {
    let instants = OracleCases.instants()
    let localTimes = try Self.localTimes(of: instants)
    for expression in try OracleCases.bundledValues().prefix(40) {
      guard let hours = try? OpeningHours(expression) else { continue }
      for time in localTimes {
        #expect(
          hours.state(at: time.instant, in: time.zone)
            == hours.state(on: time.date, atMinute: time.minute, publicHolidays: .unknown)
        )
      }
    }
  }

  /// Every instant read in every zone, zone-major like the oracle's answers.
  private static func localTimes(of instants: [Date]) throws -> [LocalTime] {
    var times: [LocalTime] = []
    for zoneName in OracleCases.zones {
      let zone = try #require(TimeZone(identifier: zoneName))
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = zone
      for instant in instants {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        let date = LocalDate(
          year: try #require(parts.year),
          month: try #require(parts.month),
          day: try #require(parts.day)
        )
        let minute = try #require(parts.hour) * 60 + (try #require(parts.minute))
        times.append(LocalTime(date: date, minute: minute, instant: instant, zone: zone))
      }
    }
    return times
  }

  /// `YYYY-MM-DD` as a date.
  private static func localDate(_ text: String) -> LocalDate? {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3 else { return nil }
    return LocalDate(year: parts[0], month: parts[1], day: parts[2])
  }

  /// How to install the oracle.
  private static let installCommand =
    "python3 -m pip install --break-system-packages opening-hours-py"

  /// Runs `oracle.py` on the values and instants and decodes its reply.
  private func runOracle(expressions: [String], instants: [Date]) throws -> OracleReply {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let requestURL = FileManager.default.temporaryDirectory
      .appendingPathComponent("forage-hours-oracle-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: requestURL) }
    let request = OracleRequest(
      expressions: expressions,
      instants: instants.map { Int($0.timeIntervalSince1970) },
      zones: OracleCases.zones,
      years: OracleCases.holidayYears
    )
    try JSONEncoder().encode(request).write(to: requestURL)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", directory.appendingPathComponent("oracle.py").path, requestURL.path,
    ]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      Issue.record(
        "Could not run python3 (\(error)). Install Python 3 and the oracle: \(Self.installCommand)"
      )
      throw error
    }
    let replyData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errorText = String(decoding: errorData, as: UTF8.self)
    try #require(
      process.terminationStatus == 0,
      """
      The oracle failed (exit \(process.terminationStatus)): \(errorText)
      Install it with: \(Self.installCommand)
      """
    )
    return try JSONDecoder().decode(OracleReply.self, from: replyData)
  }
}
