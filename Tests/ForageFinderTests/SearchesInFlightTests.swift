import ForageGeodesy
import ForageProviders
import Testing

@testable import ForageFinder

/// Which search a fix waits for, starts, or gives up.
@Suite struct SearchesInFlightTests {
  static let here = Coordinate(unchecked: 60.17, longitude: 24.94)
  /// About 556 m north of ``here``: beyond R = 500 m.
  static let far = Coordinate(unchecked: 60.175, longitude: 24.94)
  /// About 111 m north of ``here``.
  static let near = Coordinate(unchecked: 60.171, longitude: 24.94)

  static func idle() -> Task<PlacesError?, Never> { Task { nil } }

  @Test func aFixNearASearchInFlightWaitsForItAndAFarOneStartsItsOwn() {
    let searches = SearchesInFlight(nearness: 500, shared: nil)
    let first = Self.idle()
    guard
      case .run(let running) = searches.step(
        for: Self.here,
        index: 0,
        isCovered: { false },
        start: { first }
      )
    else { Issue.record("the first search did not run"); return }
    #expect(running == first)
    var started = false
    let step = searches.step(
      for: Self.near,
      index: 1,
      isCovered: { false },
      start: {
        started = true
        return Self.idle()
      }
    )
    guard case .wait(let waited) = step else { Issue.record("\(step)"); return }
    #expect(waited == first)
    #expect(!started)
    #expect(!searches.isStale(for: Self.near))
    #expect(searches.isStale(for: Self.far))
    let second = Self.idle()
    guard
      case .run(let other) = searches.step(
        for: Self.far,
        index: 2,
        isCovered: { false },
        start: { second }
      )
    else { Issue.record("the far fix did not search"); return }
    #expect(other == second)
  }

  @Test func aCoveredFixStartsNothingAndAnOlderOneIsSuperseded() {
    let searches = SearchesInFlight(nearness: 500, shared: nil)
    var started = 0
    let start = {
      started += 1
      return Self.idle()
    }
    guard case .covered = searches.step(for: Self.here, index: 0, isCovered: { true }, start: start)
    else { Issue.record("a covered fix searched"); return }
    searches.noteDelivered(4)
    guard
      case .superseded = searches.step(
        for: Self.here,
        index: 3,
        isCovered: { false },
        start: start
      )
    else { Issue.record("an older fix searched"); return }
    #expect(started == 0)
  }

  @Test func anEndedSearchIsNoLongerWaitedFor() {
    let searches = SearchesInFlight(nearness: 500, shared: nil)
    let first = Self.idle()
    _ = searches.step(for: Self.here, index: 0, isCovered: { false }, start: { first })
    searches.end(first)
    let second = Self.idle()
    guard
      case .run(let running) = searches.step(
        for: Self.near,
        index: 1,
        isCovered: { false },
        start: { second }
      )
    else { Issue.record("the search that ended was waited for"); return }
    #expect(running == second)
  }

  @Test func findersSharingACacheWaitForEachOthersSearches() {
    let shared = SharedCoverageCache()
    let one = SearchesInFlight(nearness: 500, shared: shared)
    let other = SearchesInFlight(nearness: 500, shared: shared)
    let first = Self.idle()
    _ = one.step(for: Self.here, index: 0, isCovered: { false }, start: { first })
    guard
      case .wait(let waited) = other.step(
        for: Self.near,
        index: 0,
        isCovered: { false },
        start: { Self.idle() }
      )
    else { Issue.record("the other finder searched the same area"); return }
    #expect(waited == first)
    one.end(first)
    let second = Self.idle()
    guard
      case .run(let running) = other.step(
        for: Self.near,
        index: 1,
        isCovered: { false },
        start: { second }
      )
    else { Issue.record("a search that ended was still shared"); return }
    #expect(running == second)
  }
}
