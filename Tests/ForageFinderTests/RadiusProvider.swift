import ForagePlaceModel
import ForageProviders
import ForageTestSupport
import Foundation
import Synchronization

/// A places provider like Overpass: one uncapped page of every place of the type within the
/// search's radius (``PlacesProviderCapabilities/isCompleteWithinRadius``); records every search.
final class RadiusProvider: PlacesProvider {
  let world: [Place]
  private let recorded = Mutex<[NearbySearch]>([])

  init(world: [Place]) { self.world = world }

  /// Every search made, in order.
  var searches: [NearbySearch] { recorded.withLock { $0 } }

  /// Overpass's facts: no cap, every place within the radius.
  var capabilities: PlacesProviderCapabilities { .overpass }

  func searchNearby(_ search: NearbySearch) async throws(PlacesError) -> PlacesPage {
    recorded.withLock { $0.append(search) }
    guard case .prominence(let radius) = search.ranking else {
      throw .invalidSearch("a radius is needed")
    }
    let centre = search.location
    let typed = world.filter { place in search.type.map { place.types.contains($0) } ?? true }
    // Farthest first: forage must not rely on the order of an uncapped answer.
    let within = FakePlacesProvider.ranked(typed, from: centre).filter { $0.distance <= radius }
    return PlacesPage(places: within.map(\.place).reversed())
  }

  func nextPage(_ token: PageToken) async throws(PlacesError) -> PlacesPage {
    throw .invalidSearch("one page only")
  }
}
