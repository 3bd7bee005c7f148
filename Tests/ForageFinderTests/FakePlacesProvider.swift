import ForageGeodesy
import ForagePlace
import ForagePlaces
import Foundation
import Synchronization

/// A places provider over an in-memory world, ranking by distance like Google's legacy API:
/// 20 a page, 60 at most, nearest first, ties by id. Counts calls and can fail on chosen ones.
///
/// Its page tokens name the call that issued them; with `tokensExpire`, a token used after any
/// other call was made is refused with `INVALID_REQUEST`, as an expired one.
final class FakePlacesProvider: PlacesProvider {
  let world: [Place]
  let resultLimit: Int
  private let calls = Mutex(0)
  private let pageCalls = Mutex(0)
  private let failures: [Int: PlacesError]
  private let tokensExpire: Bool
  private let tokensUsable: Bool

  /// Creates a provider.
  ///
  /// - Parameters:
  ///   - world: Every place there is.
  ///   - resultLimit: The cap over all pages.
  ///   - failures: Errors to throw on given calls (1-based).
  ///   - tokensExpire: Whether a token used after another call is refused.
  ///   - tokensUsable: What ``mayStillUse(_:)`` says of every token.
  init(
    world: [Place],
    resultLimit: Int = 60,
    failures: [Int: PlacesError] = [:],
    tokensExpire: Bool = false,
    tokensUsable: Bool = true
  ) {
    self.world = world
    self.resultLimit = resultLimit
    self.failures = failures
    self.tokensExpire = tokensExpire
    self.tokensUsable = tokensUsable
  }

  /// How many calls (first pages and next pages) were made.
  var callCount: Int { calls.withLock { $0 } }

  /// How many of them asked for a next page.
  var nextPageCount: Int { pageCalls.withLock { $0 } }

  func mayStillUse(_ token: PageToken) -> Bool { tokensUsable }

  func searchNearby(_ search: NearbySearch) async throws(PlacesError) -> PlacesPage {
    let centre = search.location
    let typed = world.filter { place in search.type.map { place.types.contains($0) } ?? true }
    let ranked = Self.ranked(typed, from: centre).prefix(resultLimit).map(\.place)
    return page(Array(ranked), from: 0, call: try countCall())
  }

  func nextPage(_ token: PageToken) async throws(PlacesError) -> PlacesPage {
    let call = try countCall()
    pageCalls.withLock { $0 += 1 }
    let parts = token.value.split(separator: "|")
    if tokensExpire, Int(parts[0])! != call - 1 { throw .invalidRequest(message: nil) }
    let ids = parts[2].split(separator: ",").map(String.init)
    let ranked = ids.map { id in world.first { $0.id == id }! }
    return page(ranked, from: Int(parts[1])!, call: call)
  }

  private func page(_ ranked: [Place], from start: Int, call: Int) -> PlacesPage {
    let end = min(start + 20, ranked.count)
    let token =
      end < ranked.count
      ? PageToken(
        value: "\(call)|\(end)|" + ranked.map(\.id).joined(separator: ","),
        receivedAt: .zero
      )
      : nil
    return PlacesPage(places: Array(ranked[start..<end]), nextPageToken: token)
  }

  /// Counts a call and returns its number (from 1), or throws the failure chosen for it.
  @discardableResult
  private func countCall() throws(PlacesError) -> Int {
    let call = calls.withLock {
      $0 += 1
      return $0
    }
    if let failure = failures[call] { throw failure }
    return call
  }

  /// Places with their geodesic distances from a point, nearest first, ties by id.
  static func ranked(
    _ places: [Place],
    from centre: Coordinate
  ) -> [(
    place: Place, distance: Double
  )] {
    var withDistances: [(place: Place, distance: Double)] = []
    for place in places {
      withDistances.append((place, Geodesic.distance(centre, place.coordinate)))
    }
    return withDistances.sorted {
      $0.distance != $1.distance ? $0.distance < $1.distance : $0.place.id < $1.place.id
    }
  }

  /// A deterministic grid-ish world of restaurants and cafes around a centre.
  static func world(
    around latitude: Double,
    _ longitude: Double,
    count: Int,
    spacing: Double
  ) -> [Place] {
    var random = UInt64(42)
    func next() -> Double {
      random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(random >> 11) / Double(1 << 53)
    }
    let side = Int(Double(count).squareRoot().rounded(.up))
    return (0..<count).map { index in
      let north = (Double(index / side) - Double(side) / 2 + next() - 0.5) * spacing
      let east = (Double(index % side) - Double(side) / 2 + next() - 0.5) * spacing
      return Place(
        id: String(format: "p%05d", index),
        name: "Place \(index)",
        coordinate: Coordinate(
          unchecked: latitude + north / 111_320,
          longitude: longitude + east / (111_320 * cos(latitude * .pi / 180))
        ),
        types: [index % 4 == 3 ? "cafe" : "restaurant"],
        provenance: .googleNearbySearch
      )
    }
  }
}
