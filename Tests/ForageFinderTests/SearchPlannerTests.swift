import ForageGeodesy
import Foundation
import Testing

@testable import ForageFinder

/// Where the coverage policy centres its next search.
@Suite struct SearchPlannerTests {
  /// A point `east` metres east and `north` metres north of 60.17° N 24.94° E.
  static func point(east: Double, north: Double = 0) throws -> Coordinate {
    try Coordinate(
      latitude: 60.17 + north / 111_320,
      longitude: 24.94 + east / (111_320 * cos(60.17 * .pi / 180))
    )
  }

  @Test func hasAHeadingOnlyOnceTheFixesMoved() throws {
    var planner = SearchPlanner()
    let fix = try Self.point(east: 0)
    #expect(planner.movement(to: fix) == nil, "no fix yet")
    for _ in 0..<16 { planner.note(fix: try Self.point(east: 1, north: -1)) }
    #expect(planner.movement(to: fix) == nil, "standing still: GPS noise is no heading")
    for second in 0..<16 { planner.note(fix: try Self.point(east: -21 + 1.4 * Double(second))) }
    let movement = try #require(planner.movement(to: fix))
    #expect(abs(movement.back.x + 21) < 0.5 && abs(movement.back.y) < 0.5, "\(movement.back)")
    #expect(movement.steps == 15)
  }

  @Test func takesTheHeadingFromTheFixesWithinASpan() throws {
    var planner = SearchPlanner()
    // 150 m north, then 75 m east to the fix, 15 m a fix.
    for step in 0..<10 {
      planner.note(fix: try Self.point(east: -75, north: -150 + 15 * Double(step)))
    }
    for step in 0..<6 { planner.note(fix: try Self.point(east: -75 + 15 * Double(step))) }
    let fix = try Self.point(east: 0)
    let all = try #require(planner.movement(to: fix))
    #expect(abs(all.back.x + 75) < 0.5 && abs(all.back.y + 150) < 0.5, "\(all.back)")
    #expect(all.steps == 15)
    let recent = try #require(planner.movement(to: fix, within: 40))
    #expect(abs(recent.back.x + 30) < 0.5 && abs(recent.back.y) < 0.5, "\(recent.back)")
    #expect(recent.steps == 2)
    // The fix before the newest counts however far it is.
    let last = try #require(planner.movement(to: fix, within: 1))
    #expect(abs(last.back.x + 15) < 0.5 && last.steps == 1)
  }

  @Test func withinARadiusStandingStillAsksForRAndAMargin() throws {
    var planner = SearchPlanner()
    let fix = try Self.point(east: 0)
    planner.note(fix: fix)
    #expect(planner.radiusPlan(for: fix, radius: 500) == .init(centre: fix, enoughRadius: 550))
    #expect(planner.radiusPlan(for: fix, radius: 100) == .init(centre: fix, enoughRadius: 120))
  }

  @Test func withinARadiusMovingAsksAheadForTheFixesToCome() throws {
    var planner = SearchPlanner()
    // Walking east at 1.4 m/s: 120 fixes ahead is 168 m, so 84 m ahead, asking R + 84 + 50.
    for second in 0..<16 { planner.note(fix: try Self.point(east: -21 + 1.4 * Double(second))) }
    let fix = try Self.point(east: 0)
    let plan = planner.radiusPlan(for: fix, radius: 500)
    let ahead = LocalProjection(origin: fix).project(plan.centre)
    #expect(abs(ahead.x - 84) < 0.5 && abs(ahead.y) < 0.5, "\(ahead)")
    #expect(abs((plan.enoughRadius ?? 0) - 634) < 0.5, "\(String(describing: plan.enoughRadius))")
  }

  @Test func withinARadiusDrivingAsksForAtMostFourTimesR() throws {
    var planner = SearchPlanner()
    for second in 0..<16 { planner.note(fix: try Self.point(east: -450 + 30 * Double(second))) }
    let plan = planner.radiusPlan(for: try Self.point(east: 0), radius: 500)
    #expect(plan.enoughRadius == 2_000)
  }

  @Test func withinARadiusAfterACappedSearchAsksForRAtTheFix() throws {
    var planner = SearchPlanner()
    for second in 0..<16 { planner.note(fix: try Self.point(east: -21 + 1.4 * Double(second))) }
    planner.note(search: try Self.point(east: -10), coveredRadius: 0)
    let fix = try Self.point(east: 0)
    #expect(planner.radiusPlan(for: fix, radius: 500) == .init(centre: fix, enoughRadius: nil))
  }

  /// A planner walking east at 1.4 m/s that has searched `places` places within 634 m.
  static func walking(after places: Int) throws -> SearchPlanner {
    var planner = SearchPlanner()
    for second in 0..<16 { planner.note(fix: try Self.point(east: -21 + 1.4 * Double(second))) }
    planner.note(
      search: try Self.point(east: -100),
      coveredRadius: 634,
      places: places,
      isComplete: true
    )
    return planner
  }

  @Test func withinARadiusWhereFewPlacesAreNearAsksWiderAtTheFix() throws {
    let fix = try Self.point(east: 0)
    // 10 places in 634 m: 1 000 places would need 6.3 km, so 4R, at the fix.
    #expect(
      try Self.walking(after: 10).radiusPlan(for: fix, radius: 500)
        == .init(centre: fix, enoughRadius: 2_000)
    )
    // None found widens as far, not farther.
    #expect(
      try Self.walking(after: 0).radiusPlan(for: fix, radius: 500)
        == .init(centre: fix, enoughRadius: 2_000)
    )
    // 250 places in 634 m: 1 000 places in twice that radius.
    let plan = try Self.walking(after: 250).radiusPlan(for: fix, radius: 500)
    #expect(plan.centre == fix)
    #expect(abs((plan.enoughRadius ?? 0) - 1_268) < 0.5, "\(String(describing: plan.enoughRadius))")
  }

  @Test func withinARadiusWhereManyPlacesAreNearAsksAheadAsBefore() throws {
    let fix = try Self.point(east: 0)
    // 2 000 places in 634 m: 1 000 fit in 448 m, less than the 634 m the fixes ahead need.
    let plan = try Self.walking(after: 2_000).radiusPlan(for: fix, radius: 500)
    let ahead = LocalProjection(origin: fix).project(plan.centre)
    #expect(abs(ahead.x - 84) < 0.5 && abs(ahead.y) < 0.5, "\(ahead)")
    #expect(abs((plan.enoughRadius ?? 0) - 634) < 0.5, "\(String(describing: plan.enoughRadius))")
  }

  @Test func withinARadiusAnAPIWithACapWidensToHalfItsCap() throws {
    let fix = try Self.point(east: 0)
    // 10 places in 634 m, a cap of 60: 30 places in √3 × 634 m.
    let plan = try Self.walking(after: 10).radiusPlan(for: fix, radius: 500, cap: 60)
    #expect(plan.centre == fix)
    let expected = 634 * 3.0.squareRoot()
    #expect(
      abs((plan.enoughRadius ?? 0) - expected) < 0.5,
      "\(String(describing: plan.enoughRadius))"
    )
  }
}
