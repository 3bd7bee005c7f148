import ForageGeodesy
import ForagePlaceModel
import ForageProviders
import Synchronization
import Testing

@testable import ForageFinder

/// What a search's pages said besides their places (``SearchNotes``).
@Suite struct SearchNotesTests {
  /// A second result with an id already in the page is counted with the results left out: the
  /// search keeps the first, and the second vanished without a word.
  @Test func aRepeatedIdIsCountedAsLeftOut() throws {
    func place(_ id: String, _ offset: Double) throws -> Place {
      Place(
        id: id,
        name: nil,
        coordinate: try Coordinate(latitude: 60, longitude: 25 + offset),
        types: ["restaurant"],
        provenance: .unknown
      )
    }
    let page = PlacesPage(
      places: [try place("a", 0), try place("b", 1e-4), try place("a", 2e-4)],
      skippedResults: 1
    )
    let told = Mutex(0)
    let notes = SearchNotes(onSkipped: { count in told.withLock { $0 += count } })
    #expect(notes.unusableCount(of: page) == 2)
    notes.note(page)
    #expect(told.withLock { $0 } == 2)
  }
}
