import ForageGeodesy
import Foundation
import Testing

@testable import ForageFinder

/// Where the coverage policy places a search against every disk the cache knows
/// (``SearchPlanner/coverPlan(for:needed:known:gaps:reach:)``).
@Suite struct SearchPlannerCoverTests {
  /// A planner walking east at 1.4 m/s up to `east = 0`, whose last search knew 85 m.
  static func walkingEast() throws -> SearchPlanner {
    var planner = SearchPlanner()
    for second in 0..<16 {
      planner.note(fix: try SearchPlannerTests.point(east: -21 + 1.4 * Double(second)))
    }
    planner.note(search: try SearchPlannerTests.point(east: -300), coveredRadius: 85)
    return planner
  }

  /// Known disks of 85 m at the given points (east, north), as the cache would hand them over.
  static func disks(_ centres: [(Double, Double)]) throws -> [SearchPlanner.Disk] {
    try centres.map {
      SearchPlanner.Disk(
        centre: try SearchPlannerTests.point(east: $0.0, north: $0.1),
        radius: 85
      )
    }
  }

  /// Whether every sampled point of the disk of `radius` around the fix lies in one of `disks`.
  static func holds(_ disks: [SearchPlanner.Disk], radius: Double, at fix: Coordinate) -> Bool {
    (0...10).allSatisfy { ring in
      (0..<72).allSatisfy { step in
        let point = Geodesic.destination(
          from: fix,
          azimuth: Double(step) * 5,
          distance: radius * Double(ring) / 10
        )
        return disks.contains { Geodesic.distance($0.centre, point) <= $0.radius }
      }
    }
  }

  @Test func aCarThatTurnedPlansAsOneThatCameStraight() throws {
    // 150 m north at 15 m a fix, then 75 m east to the fix: the 16 recent fixes lie mostly on
    // the way north, but the searches hold about 85 m, so the heading comes from the last 40 m
    // and the plan is that of a car that came from the west.
    let search = try SearchPlannerTests.point(east: -75, north: -100)
    var turned = SearchPlanner()
    for step in 0..<10 {
      turned.note(fix: try SearchPlannerTests.point(east: -75, north: -150 + 15 * Double(step)))
    }
    var straight = SearchPlanner()
    for step in 0..<16 {
      let point = try SearchPlannerTests.point(east: -225 + 15 * Double(step))
      if step >= 10 { turned.note(fix: point) }
      straight.note(fix: point)
    }
    turned.note(search: search, coveredRadius: 85)
    straight.note(search: search, coveredRadius: 85)
    let fix = try SearchPlannerTests.point(east: 0)
    let known = try Self.disks([(-40, 40), (-40, -40)])
    let plan = turned.coverPlan(for: fix, needed: 82, known: known) { _ in nil }
    #expect(plan == straight.coverPlan(for: fix, needed: 82, known: known) { _ in nil })
    #expect(plan.centre != fix)
  }

  @Test func completesTheFixDiskWithKnownDisksWhereNoOneSearchCould() throws {
    let planner = try Self.walkingEast()
    let fix = try SearchPlannerTests.point(east: 0)
    // The fix needs 80 m; a search reaches about 81 m: only with the known disks behind it.
    let known = try Self.disks([(-40, 40), (-40, -40)])
    let plan = planner.coverPlan(for: fix, needed: 80, known: known) { _ in nil }
    #expect(plan.centre != fix && !plan.isPreparing)
    let planned = SearchPlanner.Disk(
      centre: plan.centre,
      radius: SearchPlanner.coverageConfidence * 85
    )
    #expect(Self.holds(known + [planned], radius: 79, at: fix))
  }

  @Test func placesTheSearchBesideTheWayWhereTheKnownDisksLeaveOneSideOpen() throws {
    let planner = try Self.walkingEast()
    let fix = try SearchPlannerTests.point(east: 0)
    let known = try Self.disks([(-40, 40), (-40, -40), (40, -60)])
    let plan = planner.coverPlan(for: fix, needed: 80, known: known) { _ in nil }
    let centre = LocalProjection(origin: fix).project(plan.centre)
    #expect(centre.y > 10 && !plan.isPreparing, "\(centre)")
  }

  @Test func searchesNoFartherThanTheKnownPlacesAllow() throws {
    let planner = try Self.walkingEast()
    let fix = try SearchPlannerTests.point(east: 0)
    let known = try Self.disks([(-40, 40), (-40, -40)])
    // The cap-th known place is within 30 m of every centre: no search completes the fix.
    let plan = planner.coverPlan(for: fix, needed: 80, known: known) { _ in 30 }
    #expect(plan.isPreparing || plan.centre == fix)
  }

  @Test func preparesForTheFixesToComeWhereNothingCompletesTheFix() throws {
    let planner = try Self.walkingEast()
    let fix = try SearchPlannerTests.point(east: 0)
    // The fix needs 82 m; a search is expected to reach about 81 m, and nothing is known.
    let plan = planner.coverPlan(for: fix, needed: 82, known: []) { _ in nil }
    #expect(plan.isPreparing && plan.centre != fix)
  }

  @Test func searchesAheadOfTheFixWhereTheDisksBehindItAreKnown() throws {
    let planner = try Self.walkingEast()
    let fix = try SearchPlannerTests.point(east: 0)
    // Two rows of known disks behind the fix leave the front of its disk open.
    let known = try Self.disks([(-40, 40), (-40, -40), (-110, 40), (-110, -40)])
    let plan = planner.coverPlan(for: fix, needed: 80, known: known) { _ in nil }
    let centre = LocalProjection(origin: fix).project(plan.centre)
    #expect(centre.x > 10, "\(centre)")
  }

  @Test func holdsTheGapTheSampledPointsMiss() throws {
    let planner = try Self.walkingEast()
    let fix = try SearchPlannerTests.point(east: 0)
    // One disk of 500 m holds every sampled point; the cache still says a gap lies 30 m north.
    let known = [SearchPlanner.Disk(centre: fix, radius: 500)]
    let gap = try SearchPlannerTests.point(east: 0, north: 30)
    #expect(planner.coverPlan(for: fix, needed: 80, known: known) { _ in nil }.centre == fix)
    let plan = planner.coverPlan(for: fix, needed: 80, known: known, gaps: [gap]) { _ in nil }
    #expect(
      Geodesic.distance(plan.centre, gap) <= SearchPlanner.coverageConfidence * 85,
      "\(plan.centre)"
    )
  }

  @Test func pageChoicesFollowTheDensityOfTheLastCappedSearches() throws {
    var planner = try Self.walkingEast()
    // One page: as far as the last searches reached, with no page limit.
    #expect(planner.pageChoices(pages: 1).map(\.pages) == [nil])
    // The last search found every place within its reach: more pages add nothing.
    #expect(planner.pageChoices(pages: 3).map(\.pages) == [nil])
    planner.note(search: try SearchPlannerTests.point(east: -100), coveredRadius: 150, places: 60)
    planner.note(search: try SearchPlannerTests.point(east: -50), coveredRadius: 100, places: 20)
    let choices = planner.pageChoices(pages: 3)
    #expect(choices.map(\.pages) == [1, 2, 3])
    // The sparser of the two densities: 150 m for 60 places is 19.4 m a place, 100 m for 20
    // is 22.4 m; the radius grows as the square root of the places.
    let unit = 150 / 60.0.squareRoot()
    for (choice, pages) in zip(choices, [1.0, 2, 3]) {
      #expect(abs(choice.radius - unit * (20 * pages).squareRoot()) < 1e-9)
    }
  }

  @Test func choosesThePagesThatCompleteTheMostFixesARequest() throws {
    var planner = try Self.walkingEast()
    // The last search's first page reached 85 m: one page cannot complete the 82 m the fix
    // needs; two pages reach about 120 m, which completes the fix and the fixes after it.
    planner.note(search: try SearchPlannerTests.point(east: -300), coveredRadius: 85, places: 20)
    let fix = try SearchPlannerTests.point(east: 0)
    let onePage = planner.coverPlan(for: fix, needed: 82, known: []) { _ in nil }
    #expect(onePage.isPreparing && onePage.pages == nil)
    let plan = planner.coverPlan(for: fix, needed: 82, known: [], pages: 3) { _ in nil }
    let pages = try #require(plan.pages)
    #expect(pages >= 2 && !plan.isPreparing, "\(plan)")
    let enough = try #require(plan.enoughRadius)
    let expected = SearchPlanner.coverageConfidence * enough
    #expect(
      Self.holds([SearchPlanner.Disk(centre: plan.centre, radius: expected)], radius: 81, at: fix)
    )
  }

  @Test func standingStillChoosesNoPages() throws {
    var planner = SearchPlanner()
    let fix = try SearchPlannerTests.point(east: 0)
    for _ in 0..<16 { planner.note(fix: fix) }
    planner.note(search: try SearchPlannerTests.point(east: 60), coveredRadius: 85, places: 20)
    let plan = planner.coverPlan(for: fix, needed: 82, known: [], pages: 3) { _ in nil }
    #expect(plan.pages == nil)
  }

  @Test func searchesAtTheFixWhenTheLastSearchKnewNothing() throws {
    var planner = try Self.walkingEast()
    let fix = try SearchPlannerTests.point(east: 0)
    planner.note(search: try SearchPlannerTests.point(east: -10), coveredRadius: 0.5)
    #expect(planner.coverPlan(for: fix, needed: 80, known: []) { _ in nil }.centre == fix)
  }

  @Test func searchesAtTheFixBeforeAnySearchEnded() throws {
    var planner = SearchPlanner()
    let fix = try SearchPlannerTests.point(east: 0)
    planner.note(fix: fix)
    #expect(planner.coverPlan(for: fix, needed: 80, known: []) { _ in nil }.centre == fix)
  }
}
