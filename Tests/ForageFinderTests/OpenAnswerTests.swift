import ForageGeodesy
import ForageHours
import ForagePlaceModel
import ForageProviders
import ForageTracks
import Foundation
import Testing

@testable import ForageFinder

/// `--open`: every answer is the K nearest places open at the fix's time within R, exactly, and
/// every answered place carries `open_at_fix`.
@Suite struct OpenAnswerTests {
  static let query = PlacesQuery(radius: 300, limit: 5, type: "restaurant", isOpenOnly: true)
  /// Friday 2026-06-12 00:00 UTC.
  static let start = Date(timeIntervalSince1970: 1_781_222_400)

  /// A world whose places keep different hours (UTC): some all day, some from 09:00 to 17:00,
  /// some in the evening past midnight, some never, some with no hours at all.
  static func world() -> [Place] {
    FakePlacesProvider.world(around: 60.17, 24.94, count: 900, spacing: 40).enumerated().map {
      index,
      place in
      var place = place
      func time(_ day: Int, _ hour: Int) -> WeekTime { WeekTime(day: day, hour: hour, minute: 0)! }
      switch index % 5 {
      case 0:
        place.openingHours = .weekly(
          WeeklyHours(periods: [WeeklyPeriod(open: time(0, 0), close: nil)], utcOffsetMinutes: 0)
        )
      case 1:
        place.openingHours = .weekly(
          WeeklyHours(
            periods: (0...6).map { WeeklyPeriod(open: time($0, 9), close: time($0, 17)) },
            utcOffsetMinutes: 0
          )
        )
      case 2:
        place.openingHours = .weekly(
          WeeklyHours(
            periods: (0...6).map { WeeklyPeriod(open: time($0, 18), close: time(($0 + 1) % 7, 2)) },
            utcOffsetMinutes: 0
          )
        )
      case 3:
        place.openingHours = .openStreetMap("off")
      default:
        place.openingHours = nil
      }
      return place
    }
  }

  /// A walk east, one fix every 20 s of a whole day.
  static func fixes() -> [Fix] {
    let metresPerDegree = 111_320 * cos(60.17 * Double.pi / 180)
    return (0..<400).map { (step: Int) -> Fix in
      let east: Double = 1_000 * Double(step) / 400
      return Fix(
        time: start.addingTimeInterval(Double(step) * 216),
        latitude: 60.17,
        longitude: 24.93 + east / metresPerDegree
      )
    }
  }

  /// The K nearest open places of the type within R, by brute force over the world.
  static func oracle(_ world: [Place], at fix: Fix) -> [String] {
    let judge = HoursJudge(timeZone: nil)
    let centre = Coordinate(unchecked: fix.latitude, longitude: fix.longitude)
    let open = world.filter {
      $0.types.contains("restaurant") && judge.verdict(for: $0, at: fix.time) == .open
    }
    return FakePlacesProvider.ranked(open, from: centre).filter { $0.distance <= query.radius }
      .prefix(query.limit).map(\.place.id)
  }

  @Test(arguments: [QueryPolicy.coverage, .everyFix])
  func everyAnswerIsTheNearestOpenPlacesWithAProviderCompleteWithinItsRadius(
    policy: QueryPolicy
  ) async throws {
    let world = Self.world()
    let provider = RadiusProvider(world: world)
    let engine = try PlacesEngine(provider: provider, query: Self.query, policy: policy)
    let fixes = Self.fixes()
    let answers = try await PlacesEngineTests.answers(engine, fixes)
    for (answer, fix) in zip(answers, fixes) {
      #expect(answer.places.map(\.id) == Self.oracle(world, at: fix), "fix \(answer.fixIndex)")
      #expect(answer.places.allSatisfy { $0.openAtFix == true })
    }
    // At night only the evening places and the all-day ones are open: the answers change.
    #expect(Set(answers.map { $0.places.map(\.id) }).count > 10)
  }

  /// Nearest first, capped at 60 (Nearby Search) or 20 (Places API (New)): where fewer than K
  /// of the capped answer's places are open, the gaps of the needed disk are searched too.
  @Test(arguments: [60, 20])
  func everyAnswerIsTheNearestOpenPlacesNearestFirstUnderTheCap(cap: Int) async throws {
    let world = Self.world()
    let provider = FakePlacesProvider(world: world, resultLimit: cap)
    let engine = try PlacesEngine(provider: provider, query: Self.query, policy: .coverage)
    let fixes = Self.fixes()
    let answers = try await PlacesEngineTests.answers(engine, fixes)
    for (answer, fix) in zip(answers, fixes) {
      #expect(answer.places.map(\.id) == Self.oracle(world, at: fix), "fix \(answer.fixIndex)")
    }
    #expect(provider.callCount < fixes.count, "\(provider.callCount) calls")
  }

  @Test func withoutOpenEveryPlaceCarriesWhetherItIsOpenAtTheFixsTime() async throws {
    let world = Self.world()
    var query = Self.query
    query.isOpenOnly = false
    let engine = try PlacesEngine(
      provider: RadiusProvider(world: world),
      query: query,
      policy: .coverage
    )
    let fixes = Self.fixes()
    let answers = try await PlacesEngineTests.answers(engine, fixes)
    let judge = HoursJudge(timeZone: nil)
    var seen = Set<Bool?>()
    for (answer, fix) in zip(answers, fixes) {
      for nearby in answer.places {
        #expect(nearby.openAtFix == judge.verdict(for: nearby.place, at: fix.time).isOpen)
        seen.insert(nearby.openAtFix)
      }
    }
    #expect(seen == [true, false, nil])
    #expect(engine.hours.tally().counts == [.noHours: engine.hours.tally().counts[.noHours] ?? 0])
  }
}
