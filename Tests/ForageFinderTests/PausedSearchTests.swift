import ForageGeodesy
import ForagePlaceModel
import ForageProviders
import Testing

@testable import ForageFinder

/// How a nearest-first search counts its pages against the most its plan counted on
/// (``PausedSearch/isAtPageLimit``).
@Suite struct PausedSearchTests {
  /// A page of `count` places with ids from `first`.
  static func page(from first: Int, count: Int) throws -> PlacesPage {
    PlacesPage(
      places: try (first..<(first + count)).map { number in
        Place(
          id: "p\(number)",
          name: nil,
          coordinate: try Coordinate(latitude: 60, longitude: 25 + Double(number) * 1e-5),
          types: ["restaurant"],
          provenance: .unknown
        )
      }
    )
  }

  @Test(arguments: [nil, 1, 2, 3] as [Int?])
  func reachesItsPageLimitAfterThatManyPages(mostPages: Int?) throws {
    var search = PausedSearch(
      centre: try Coordinate(latitude: 60, longitude: 25),
      reach: 500,
      mostPages: mostPages,
      budget: PageBudget(maximumPages: 3)
    )
    for number in 1...3 {
      _ = search.take(try Self.page(from: number * 20, count: 20))
      #expect(search.isAtPageLimit == (mostPages.map { number >= $0 } ?? false))
    }
    #expect(search.found.count == 60)
  }
}
