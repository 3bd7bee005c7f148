import ForageGeodesy
import ForageHours
import ForagePlaceModel
import ForageProviders
import ForageTestSupport
import ForageTracks
import Foundation
import Testing

@testable import ForageFinder

/// More places at one spot than one search returns (a food court, a mall): a capped provider
/// can never tell whether more lie there, so a fix whose K nearest need the spot has no exact
/// answer. Every other fix is answered exactly, and no fix is ever answered wrongly.
@Suite struct CrowdedSpotTests {
  /// How the crowd lies: all at one point, or scattered within a few metres.
  enum Layout: String, CaseIterable, CustomTestStringConvertible {
    case oneSpot
    case withinThreeMetres
    var testDescription: String { rawValue }
  }

  /// Where the crowd is: 30 m north of the walk, 100 m after its start.
  static let spot = Coordinate(
    unchecked: 60.17 + 30 / 111_320,
    longitude: 24.94 - 200 / (111_320 * cos(60.17 * .pi / 180))
  )

  /// A dense city around the walk (``BeyondTheCapTests/walk(steps:)``).
  static let city = FakePlacesProvider.world(around: 60.17, 24.94, count: 900, spacing: 25)

  /// The city, and `size` restaurants crowded around ``spot``.
  static func world(crowd size: Int, layout: Layout) -> [Place] {
    let crowd = (0..<size).map { index in
      var north = 0.0
      var east = 0.0
      if layout == .withinThreeMetres {
        // Spread on a sunflower spiral within 3 m.
        let radius = 3 * (Double(index) / Double(max(size - 1, 1))).squareRoot()
        let angle = Double(index) * 2.399_963
        north = radius * sin(angle)
        east = radius * cos(angle)
      }
      return Place(
        id: String(format: "crowd%03d", index),
        name: "Stall \(index)",
        coordinate: Coordinate(
          unchecked: spot.latitude + north / 111_320,
          longitude: spot.longitude + east / (111_320 * cos(spot.latitude * .pi / 180))
        ),
        types: ["restaurant"],
        provenance: .googleNearbySearch
      )
    }
    return city + crowd
  }

  /// The distance from `fix` to its `limit`-th nearest restaurant within `radius`, or `radius`.
  static func neededRadius(_ world: [Place], _ query: PlacesQuery, at fix: Fix) -> Double {
    let centre = Coordinate(unchecked: fix.latitude, longitude: fix.longitude)
    let ranked = FakePlacesProvider.ranked(
      world.filter { $0.types.contains("restaurant") },
      from: centre
    ).filter { $0.distance <= query.radius }
    return ranked.count >= query.limit ? ranked[query.limit - 1].distance : query.radius
  }

  /// Every crowd size around the cap × layout × K at and beyond it: each fix is answered as the
  /// oracle answers, or, only where its K nearest reach a crowd of at least the cap, refused as
  /// not exact; and the refusals cost a bounded number of requests.
  @Test(arguments: [19, 20, 21, 45], Layout.allCases)
  func everyFixIsExactOrRefusedWhereTheCrowdIsNeeded(crowd size: Int, layout: Layout) async throws {
    let world = Self.world(crowd: size, layout: layout)
    for limit in [20, 21, 60] {
      let provider = FakePlacesProvider(world: world, resultLimit: 20)
      let query = PlacesQuery(radius: 500, limit: limit, type: "restaurant")
      let engine = try PlacesEngine(provider: provider, query: query, policy: .coverage)
      let fixes = BeyondTheCapTests.walk(steps: 120)
      var refused: [Int] = []
      for (index, fix) in fixes.enumerated() {
        let label = "crowd \(size) \(layout), K \(limit), fix \(index)"
        let answer: PlacesAnswer
        if let cached = engine.cachedAnswer(for: fix, index: index) {
          answer = cached
        } else {
          do throws(PlacesError) {
            answer = try await engine.networkAnswer(for: fix, index: index)
          } catch {
            guard case .notExact = error else { throw error }
            refused.append(index)
            let crowdDistance = Geodesic.distance(
              Self.spot,
              Coordinate(unchecked: fix.latitude, longitude: fix.longitude)
            )
            #expect(size >= 20 && limit > 20, "\(label): refused")
            #expect(
              crowdDistance <= Self.neededRadius(world, query, at: fix) + 5,
              "\(label): refused though its \(limit) nearest do not reach the crowd"
            )
            continue
          }
        }
        #expect(
          answer.places.map(\.id) == PlacesEngineTests.oracle(world, query, at: fix),
          "\(label)"
        )
      }
      if size >= 20, limit > 20, layout == .oneSpot {
        // The walk passes 30 m from the crowd: its K nearest beyond the cap hold it.
        #expect(!refused.isEmpty, "crowd \(size), K \(limit): no fix refused")
      }
      // Beyond the cap, a fix whose K nearest end at the crowd is answered by a search at
      // itself, which ranks every place nearer than the crowd (96 of these 120 fixes were
      // refused at K = 21 before).
      if limit == 21, layout == .oneSpot {
        #expect(refused.count < fixes.count / 10, "crowd \(size), K 21: \(refused.count) refused")
      }
      // No runaway: a fix refused costs no search once the disk short of the crowd is known,
      // and one answered at the crowd costs its own search (the cache can never know the
      // crowd whole), so about one a fix.
      #expect(
        provider.callCount < 2 * fixes.count,
        "crowd \(size) \(layout), K \(limit): \(provider.callCount) calls"
      )
    }
  }

  /// With `--open`, a crowd at one spot whose stalls a search at the fix returned among the
  /// provider's nearest: the stalls it did not return lie at the same spot, tied with them, and
  /// ranked after them by the provider, so a fix whose K nearest open places are among what its
  /// own search returned is answered, as the oracle answers. Only a fix whose own search holds
  /// fewer than K open places may be refused, and only where its answer needs the crowd.
  @Test(arguments: [25, 45], [1, 5, 10])
  func withOpenACrowdIsAnsweredWhereTheSearchAtTheFixRankedIt(
    crowd size: Int,
    limit: Int
  )
    async throws
  {
    let allDay = PlaceHours.weekly(
      WeeklyHours(
        periods: [WeeklyPeriod(open: WeekTime(day: 0, hour: 0, minute: 0)!, close: nil)],
        utcOffsetMinutes: 0
      )
    )
    // Every other stall and every third place of the city open, the others never.
    let world = Self.world(crowd: size, layout: .oneSpot).enumerated().map { index, place in
      var place = place
      let number = place.id.hasPrefix("crowd") ? Int(place.id.dropFirst(5))! * 3 : index
      place.openingHours = number % 6 == 0 ? allDay : .openStreetMap("off")
      return place
    }
    let time = Date(timeIntervalSince1970: 1_781_222_400)
    let judge = HoursJudge(timeZone: nil)
    let provider = FakePlacesProvider(world: world, resultLimit: 20)
    let query = PlacesQuery(radius: 500, limit: limit, type: "restaurant", isOpenOnly: true)
    let engine = try PlacesEngine(provider: provider, query: query, policy: .coverage)
    let fixes = BeyondTheCapTests.walk(steps: 120).map {
      Fix(time: time, latitude: $0.latitude, longitude: $0.longitude)
    }
    var answered = 0
    for (index, fix) in fixes.enumerated() {
      let centre = Coordinate(unchecked: fix.latitude, longitude: fix.longitude)
      let ranked = FakePlacesProvider.ranked(world, from: centre).filter {
        $0.distance <= query.radius
      }
      let open = ranked.filter { judge.verdict(for: $0.place, at: time) == .open }
      let oracle = open.prefix(limit).map(\.place.id)
      // Whether the provider's 20 nearest from the fix hold its K nearest open places.
      let isRankedAtFix =
        ranked.prefix(20).filter {
          judge.verdict(for: $0.place, at: time) == .open
        }.count >= limit
      do throws(PlacesError) {
        let answer =
          if let cached = engine.cachedAnswer(for: fix, index: index) {
            cached
          } else {
            try await engine.networkAnswer(for: fix, index: index)
          }
        #expect(answer.places.map(\.id) == oracle, "crowd \(size), K \(limit), fix \(index)")
        answered += 1
      } catch {
        guard case .notExact = error else { throw error }
        #expect(!isRankedAtFix, "crowd \(size), K \(limit), fix \(index): refused")
      }
    }
    #expect(answered > 0)
  }
}
