import ForageGeodesy
import ForagePlaceModel
import ForageProviders
import Foundation
import Synchronization

/// Makes one search and takes in its pages, teaching the cache how far it is complete as each
/// page arrives, telling the planner and the places cache, and pausing a nearest-first search
/// once a receiver standing still is answered (``PausedSearch``).
final class SearchPager: Sendable {
  let provider: any PlacesProvider

  let query: PlacesQuery

  let neededDisk: NeededDisk

  let placement: SearchPlacement

  /// Where searches are recorded for later runs, or `nil`.
  let link: PlacesCacheLink?

  let notes: SearchNotes

  /// How many places a search returns at most, and whether the API refused page tokens.
  let cap: SearchCap

  /// The last search that stopped paging early, while its next page may still be fetched.
  private let pausedSearch = Mutex<PausedSearch?>(nil)

  var cache: CoverageCache { neededDisk.cache }

  /// Creates the pager of an engine's searches.
  init(
    provider: any PlacesProvider,
    query: PlacesQuery,
    neededDisk: NeededDisk,
    placement: SearchPlacement,
    cap: SearchCap,
    link: PlacesCacheLink?,
    notes: SearchNotes
  ) {
    self.provider = provider
    self.cap = cap
    self.query = query
    self.neededDisk = neededDisk
    self.placement = placement
    self.link = link
    self.notes = notes
  }

  /// The paused search whose next pages may cover the disk of radius `needed` around a fix at
  /// `centre`, taken out so that no other fix fetches them; `nil` when there is none or its
  /// page token is too old to use.
  func takePausedSearch(for centre: Coordinate, needed: Double) -> PausedSearch? {
    pausedSearch.withLock { kept in
      guard let search = kept, let token = search.nextPageToken,
        search.mayCover(centre, needed: needed), provider.mayStillUse(token)
      else { return nil }
      kept = nil
      return search
    }
  }

  /// Searches around `centre` for the fix at `fix` (at `time`) and teaches the cache what was
  /// found and how far the search is complete: nearest first, page by page until `reach` is
  /// covered, or within the radius `reach` (R by default; for a planned search, what its plan
  /// counted on), and after `pages` pages when its plan counted on that many. A search nearest
  /// first stops early, paused, once the fix can be answered.
  func search(
    around centre: Coordinate,
    reach: Double? = nil,
    pages: Int? = nil,
    for fix: Coordinate,
    at time: Date?
  ) async throws(PlacesError) {
    let radius = reach ?? query.radius
    let search = NearbySearch(
      location: centre,
      ranking: query.isRankedByDistance(on: provider.capabilities)
        ? .distance : .prominence(radius: radius),
      type: query.type,
      keyword: query.keyword
    )
    let page = try await provider.searchNearby(search)
    try await proceed(
      PausedSearch(
        centre: centre,
        reach: radius,
        mostPages: pages,
        budget: PageBudget(for: provider)
      ),
      from: page,
      for: fix,
      at: time
    )
  }

  /// Fetches the next page of a paused search for the fix at `fix`, and goes on from there.
  func resume(
    _ paused: PausedSearch,
    for fix: Coordinate,
    at time: Date?
  ) async throws(PlacesError) {
    guard let token = paused.nextPageToken else { return }
    var search = paused
    search.nextPageToken = nil
    try await proceed(search, from: try await provider.nextPage(token), for: fix, at: time)
  }

  /// Takes in `page` of `search` and the pages after it, teaching the cache as it goes, until
  /// the search is complete within its reach, out of pages, or capped.
  ///
  /// Nearest first, every page is a request that extends how far the search is complete: while
  /// the receiver stands still, once the fix at `fix` can be answered, the search stops and is
  /// kept as paused, and a later fix that needs more fetches its next page
  /// (``takePausedSearch(for:needed:)``).
  private func proceed(
    _ search: PausedSearch,
    from page: PlacesPage,
    for fix: Coordinate,
    at time: Date?
  ) async throws(PlacesError) {
    let byDistance = query.isRankedByDistance(on: provider.capabilities)
    let limit = cap.resultLimit
    var search = search
    var page = page
    var learned: [Place] = []
    while true {
      // An answer whose every result is unusable is not "no places here": taken as one, a
      // places cache would keep the area empty for its time to live.
      let unusable = notes.unusableCount(of: page)
      if unusable > 0, unusable == page.skippedResults + page.places.count {
        throw .malformedResponse(
          "none of the \(unusable) results of the answer is a place: each needs an id and a "
            + "position, latitude -90 to 90 and longitude -180 to 180"
        )
      }
      notes.note(page)
      let fresh = search.take(page)
      learned += fresh
      // Out of pages (a server that pages without end) counts as capped: the search is
      // complete only out to its farthest place.
      var isCapped = search.found.count >= limit
      if !isCapped, page.nextPageToken != nil, cap.arePagesRefused {
        isCapped = true
      }
      if !isCapped, let token = page.nextPageToken, !(try search.budget.admit(token)) {
        isCapped = true
      }
      guard let token = page.nextPageToken, !isCapped else {
        let covered: Double
        if !isCapped {
          // Every matching place was returned: the search is complete out to the API's reach.
          covered = byDistance ? min(NearbySearch.maximumRadius, 4 * query.radius) : search.reach
        } else {
          covered = byDistance ? CappedCoverage.radius(of: search.found, around: search.centre) : 0
        }
        cache.learn(fresh, around: search.centre, coveredRadius: covered)
        record(learned, of: search, coveredRadius: covered, isComplete: !isCapped)
        return
      }
      if byDistance {
        let covered = CappedCoverage.radius(of: search.found, around: search.centre)
        cache.learn(fresh, around: search.centre, coveredRadius: covered)
        if covered >= search.reach || search.isAtPageLimit
          || endsInCrowd(page, answering: fix, at: time, of: search)
        {
          record(learned, of: search, coveredRadius: covered)
          return
        }
        // Paused only once the disk is fully known: a search at the very fix with K places
        // answers it (``NeededDisk/isAnswerable(_:needing:)``), but the next fix, a metre away,
        // needs the page that proves the K-th.
        if placement.isStandingStill(at: fix),
          cache.covers(fix, radius: neededDisk.around(fix, at: time).radius)
        {
          record(learned, of: search, coveredRadius: covered, paused: true)
          search.nextPageToken = token
          pausedSearch.withLock { $0 = search }
          return
        }
      } else {
        cache.learn(fresh, around: search.centre, coveredRadius: 0)
      }
      do throws(PlacesError) {
        page = try await provider.nextPage(token)
      } catch .invalidRequest {
        // The API never accepted the token (a server slower to honour its tokens than the
        // provider waits): the search ends with the pages it has, complete only out to its
        // farthest place, and later searches ask for no pages: K above a page is then beyond
        // what one search returns (``SearchCap``), and the gaps are filled.
        cap.notePagesRefused()
        let covered =
          byDistance ? CappedCoverage.radius(of: search.found, around: search.centre) : 0
        record(learned, of: search, coveredRadius: covered)
        return
      }
    }
  }

  /// Whether `search`, made at the very fix at `fix`, ends `page` in a crowd at one spot (half
  /// a page or more of its places within ``CappedCoverage/margin`` of its farthest) and already
  /// ranks the places the fix's answer needs: the next page would end in the crowd too, and
  /// complete nothing more (next to 60 places at one spot, Google's legacy API was asked three
  /// pages a fix where one answers it).
  private func endsInCrowd(
    _ page: PlacesPage,
    answering fix: Coordinate,
    at time: Date?,
    of search: PausedSearch
  ) -> Bool {
    guard search.centre == fix, let last = page.places.last else { return false }
    let crowd = page.places.count {
      Geodesic.distance($0.coordinate, last.coordinate) <= CappedCoverage.margin
    }
    guard crowd >= PageBudget.pageSize / 2 else { return false }
    let farthest = search.found.map { Geodesic.distance(fix, $0.coordinate) }.max() ?? 0
    return neededDisk.around(fix, at: time).radius <= farthest
  }

  /// Tells the cache, once its places are learned and it has ended as it should (not with a
  /// failed page, which fails its round), how far `search` ranked the places nearest first
  /// (``CoverageCache/noteRankedSearch(at:reaching:)``).
  private func noteIfRanked(_ search: PausedSearch) {
    guard query.isRankedByDistance(on: cap.capabilities) else { return }
    let farthest = search.found.map { Geodesic.distance(search.centre, $0.coordinate) }.max()
    guard let farthest else { return }
    cache.noteRankedSearch(at: search.centre, reaching: farthest)
  }

  /// Tells the planner how far `search` is now complete, and records in the places cache the
  /// places it found since it last recorded.
  ///
  /// - Parameter isComplete: Whether the search found every place within its reach.
  private func record(
    _ places: [Place],
    of search: PausedSearch,
    coveredRadius covered: Double,
    isComplete: Bool = false,
    paused: Bool = false
  ) {
    noteIfRanked(search)
    placement.note(
      search: search,
      coveredRadius: covered,
      isComplete: isComplete,
      mayGrow: paused
    )
    link?.record(places, of: search, coveredRadius: covered)
  }
}
