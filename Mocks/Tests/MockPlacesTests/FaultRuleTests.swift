import Testing

@testable import MockPlaces

@Suite struct FaultRuleTests {
  @Test func parsesTheDocumentedExamples() throws {
    #expect(
      try FaultRule(parsing: "delay:1500@every:3")
        == FaultRule(.delay(milliseconds: 1500), selector: .every(3))
    )
    #expect(
      try FaultRule(parsing: "http429:retry-after=2@next:2")
        == FaultRule(.status(429, retryAfter: .seconds(2)), selector: .next(2))
    )
    #expect(
      try FaultRule(parsing: "reset@fraction:0.2:seed=7")
        == FaultRule(.connectionReset, selector: .fraction(0.2, seed: 7))
    )
    #expect(
      try FaultRule(parsing: "dribble:50@path:/maps/api/place/nearbysearch/json")
        == FaultRule(
          .dribble(pauseMilliseconds: 50, chunkBytes: 16),
          path: "/maps/api/place/nearbysearch/json"
        )
    )
  }

  @Test func parsesEveryKind() throws {
    let cases: [(String, FaultKind)] = [
      ("http500", .status(500, retryAfter: nil)),
      ("HTTP503:retry-after=date+3", .status(503, retryAfter: .dateAfter(seconds: 3))),
      ("http429", .status(429, retryAfter: .seconds(1))),
      ("http429:retry-after=none", .status(429, retryAfter: nil)),
      ("OVER_QUERY_LIMIT", .overQueryLimit),
      ("unknown-error", .unknownError),
      ("empty", .emptyReply),
      ("garbage", .garbage),
      ("truncated", .truncated(.length)),
      ("truncated:mode=close", .truncated(.close)),
      ("html", .html),
      ("remark", .remark),
      ("Syntax_Error", .syntaxError),
      ("dribble:5:chunk=100", .dribble(pauseMilliseconds: 5, chunkBytes: 100)),
    ]
    for (spec, kind) in cases {
      #expect(try FaultRule(parsing: spec).kind == kind, "\(spec)")
    }
  }

  @Test func describesItselfAsASpecThatParsesBackToTheSameRule() throws {
    let specs = [
      "delay:1500@every:3", "http429:retry-after=2@next:2", "reset@fraction:0.2:seed=7",
      "dribble:50:chunk=8@path:/maps/*", "http503:retry-after=date+4", "truncated:mode=close",
      "over-query-limit@next:1@path:/x", "http429:retry-after=none",
      "remark@every:2@path:/api/interpreter", "syntax-error@next:1",
    ]
    for spec in specs {
      let rule = try FaultRule(parsing: spec)
      #expect(try FaultRule(parsing: rule.description) == rule, "\(spec) -> \(rule)")
    }
  }

  @Test func rejectsMalformedSpecsWithAReason() {
    let bad = [
      "", "explode", "delay", "delay:abc", "http200", "http429:retry-after=soon", "reset@every:0",
      "reset@every", "reset@sometimes", "reset@fraction:1.5", "reset@next:1@every:2",
      "reset@path:nopath", "truncated:mode=half", "empty:3", "delay:5:colour=red",
    ]
    for spec in bad {
      #expect(throws: FaultSpecError.self, "\(spec)") { try FaultRule(parsing: spec) }
    }
    do {
      _ = try FaultRule(parsing: "explode@every:2")
    } catch {
      #expect(error.description.contains("unknown kind 'explode'"))
    }
  }

  @Test func everyFiresOnEachNthRequest() {
    let schedule = FaultSchedule([FaultRule(.emptyReply, selector: .every(3))])
    let fired = (1...9).map { _ in schedule.fault(forPath: "/p") != nil }
    #expect(fired == [false, false, true, false, false, true, false, false, true])
  }

  @Test func nextFiresOnTheNextRequestsThenExpires() {
    let schedule = FaultSchedule([FaultRule(.html, selector: .next(2))])
    let fired = (1...4).map { _ in schedule.fault(forPath: "/p") != nil }
    #expect(fired == [true, true, false, false])
    #expect(schedule.rules.isEmpty)
  }

  @Test func fractionIsRepeatableForASeedAndNearTheFraction() {
    func run(seed: UInt64) -> [Bool] {
      let schedule = FaultSchedule([FaultRule(.garbage, selector: .fraction(0.2, seed: seed))])
      return (1...2000).map { _ in schedule.fault(forPath: "/p") != nil }
    }
    let first = run(seed: 7)
    #expect(first == run(seed: 7))
    #expect(first != run(seed: 8))
    let share = Double(first.filter { $0 }.count) / 2000
    #expect(abs(share - 0.2) < 0.04)
  }

  @Test func pathSelectorsLimitAndDoNotCountOtherPaths() {
    let schedule = FaultSchedule([
      FaultRule(.emptyReply, selector: .every(2), path: "/a"),
      FaultRule(.html, path: "/b/*"),
    ])
    #expect(schedule.fault(forPath: "/a") == nil)
    #expect(schedule.fault(forPath: "/c") == nil)
    #expect(schedule.fault(forPath: "/a")?.kind == .emptyReply)
    #expect(schedule.fault(forPath: "/b/x")?.kind == .html)
    #expect(schedule.fault(forPath: "/bx") == nil)
  }

  @Test func theFirstRuleThatFiresWins() {
    let schedule = FaultSchedule([
      FaultRule(.html, selector: .next(1)),
      FaultRule(.garbage),
    ])
    #expect(schedule.fault(forPath: "/")?.kind == .html)
    #expect(schedule.fault(forPath: "/")?.kind == .garbage)
  }
}
