import ForageGeodesy
import ForagePlaceModel
import ForageProviders
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
      // No runaway: a fix refused costs no search once the disk short of the crowd is known.
      // At the cap, a fix whose K nearest hold part of the crowd is answered by its own
      // search (the cache can never know the crowd whole), so about one a fix.
      #expect(
        provider.callCount < (limit > 20 ? 1 : 2) * fixes.count,
        "crowd \(size) \(layout), K \(limit): \(provider.callCount) calls"
      )
    }
  }
}
