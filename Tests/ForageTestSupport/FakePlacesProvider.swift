import ForageGeodesy
import ForagePlaceModel
import ForageProviders
import Foundation
import Synchronization

/// A places provider over an in-memory world, ranking by distance like Google's legacy API:
/// 20 a page, 60 at most, nearest first, ties by id. Counts calls and can fail on chosen ones.
///
/// Its page tokens name the age they were issued in (``ageTokens()`` starts a new one); with
/// `oldTokens`, a token of an earlier age fails with that error (`INVALID_REQUEST` as an expired
/// one); with `refusesTokens`, every token is refused, as by a server that never honours them.
public final class FakePlacesProvider: PlacesProvider {
  public let world: [Place]
  public let resultLimit: Int
  private let calls = Mutex(0)
  private let centres = Mutex<[Coordinate]>([])
  private let pageCalls = Mutex(0)
  private let laterPageCalls = Mutex(0)
  private let age = Mutex(0)
  private let failures: [Int: PlacesError]
  private let oldTokens: PlacesError?
  private let refusesTokens: Bool
  private let tokensUsable: Bool

  /// Creates a provider.
  ///
  /// - Parameters:
  ///   - world: Every place there is.
  ///   - resultLimit: The cap over all pages.
  ///   - failures: Errors to throw on given calls (1-based).
  ///   - oldTokens: The error for a token used after another call; `nil` accepts it.
  ///   - refusesTokens: Whether every token is refused with `INVALID_REQUEST`.
  ///   - tokensUsable: What ``mayStillUse(_:)`` says of every token.
  public init(
    world: [Place],
    resultLimit: Int = 60,
    failures: [Int: PlacesError] = [:],
    oldTokens: PlacesError? = nil,
    refusesTokens: Bool = false,
    tokensUsable: Bool = true
  ) {
    self.world = world
    self.resultLimit = resultLimit
    self.failures = failures
    self.oldTokens = oldTokens
    self.refusesTokens = refusesTokens
    self.tokensUsable = tokensUsable
  }

  /// Google's legacy API's facts with the cap given, and no bill (a test double).
  public var capabilities: PlacesProviderCapabilities {
    PlacesProviderCapabilities(
      displayName: "a fake Places API",
      defaultBaseURL: URL(fileURLWithPath: "/"),
      resultLimit: resultLimit,
      pageSize: 20,
      searchesKeywords: true,
      placeTypes: .any,
      givesOpeningHours: false,
      hoursNeedTimeZone: false,
      publicHosts: [],
      needsAPIKey: false,
      sku: nil,
      longestTimeToLive: nil
    )
  }

  /// How many calls (first pages and next pages) were made.
  public var callCount: Int { calls.withLock { $0 } }

  /// How many of them asked for a next page.
  public var nextPageCount: Int { pageCalls.withLock { $0 } }

  /// How many asked for a next page with a token of an earlier age (a search that stopped
  /// paging and went on later).
  public var laterPageCount: Int { laterPageCalls.withLock { $0 } }

  /// Makes every token issued so far old.
  public func ageTokens() { age.withLock { $0 += 1 } }

  public func mayStillUse(_ token: PageToken) -> Bool { tokensUsable }

  /// Where every first page was asked, in order.
  public var searchedCentres: [Coordinate] { centres.withLock { $0 } }

  public func searchNearby(_ search: NearbySearch) async throws(PlacesError) -> PlacesPage {
    let centre = search.location
    centres.withLock { $0.append(centre) }
    let typed = world.filter { place in search.type.map { place.types.contains($0) } ?? true }
    let ranked = Self.ranked(typed, from: centre).prefix(resultLimit).map(\.place)
    return page(Array(ranked), from: 0, call: try countCall())
  }

  public func nextPage(_ token: PageToken) async throws(PlacesError) -> PlacesPage {
    let call = try countCall()
    pageCalls.withLock { $0 += 1 }
    let parts = token.value.split(separator: "|")
    if refusesTokens { throw .invalidRequest(message: nil) }
    let isLater = Int(parts[0])! != age.withLock { $0 }
    if isLater { laterPageCalls.withLock { $0 += 1 } }
    if let oldTokens, isLater { throw oldTokens }
    let ids = parts[2].split(separator: ",").map(String.init)
    let ranked = ids.map { id in world.first { $0.id == id }! }
    return page(ranked, from: Int(parts[1])!, call: call)
  }

  private func page(_ ranked: [Place], from start: Int, call: Int) -> PlacesPage {
    let end = min(start + 20, ranked.count)
    let token =
      end < ranked.count
      ? PageToken(
        value: "\(age.withLock { $0 })|\(end)|" + ranked.map(\.id).joined(separator: ","),
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
  public static func ranked(
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
  public static func world(
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
