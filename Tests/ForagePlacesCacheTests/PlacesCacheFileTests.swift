import ForageFinder
import ForageGeodesy
import ForagePlaceModel
import ForageProviders
import Foundation
import Testing

@testable import ForagePlacesCache

/// The places cache file on its own: scopes, expiry, and what it refuses.
@Suite struct PlacesCacheFileTests {
  static let start = Date(timeIntervalSince1970: 1_790_000_000)
  static let scope = PlacesCacheScope(
    api: "google https://example.test",
    type: "restaurant",
    keyword: nil
  )

  static func place(_ id: String, _ latitude: Double) -> Place {
    Place(
      id: id,
      name: "Place \(id)",
      coordinate: Coordinate(unchecked: latitude, longitude: 24.94),
      rating: 4.25,
      types: ["restaurant", "food"],
      provenance: .googleNearbySearch
    )
  }

  static func temporaryFile() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "forage-cache-\(UUID().uuidString)",
      isDirectory: true
    )
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent("places.sqlite")
  }

  @Test func keepsSearchesPerScopeAndExpiresThem() throws {
    let url = try Self.temporaryFile()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let centre = try Coordinate(latitude: 60.17, longitude: 24.94)
    let writer = try PlacesCacheFile(url: url, timeToLive: .seconds(3600), now: { Self.start })
    writer.record(
      [Self.place("a", 60.171), Self.place("b", 60.172)],
      around: centre,
      coveredRadius: 750,
      in: Self.scope
    )
    #expect(writer.writeFailure == nil)

    // Half an hour later, in another "process": all of it, exactly.
    let later = try PlacesCacheFile(
      url: url,
      timeToLive: .seconds(3600),
      now: { Self.start.addingTimeInterval(1800) }
    )
    let knowledge = try later.knowledge(for: Self.scope)
    #expect(knowledge.places == [Self.place("a", 60.171), Self.place("b", 60.172)])
    #expect(
      knowledge.searches == [
        StoredSearch(centre: centre, coveredRadius: 750, searchedAt: Self.start)
      ]
    )
    // Another type or API knows nothing.
    #expect(
      try later.knowledge(for: PlacesCacheScope(api: Self.scope.api, type: "cafe", keyword: nil))
        == StoredKnowledge()
    )
    #expect(
      try later.knowledge(
        for: PlacesCacheScope(
          api: "places-new https://example.test",
          type: "restaurant",
          keyword: nil
        )
      ) == StoredKnowledge()
    )

    // Two hours later the search has expired: it is neither read nor kept.
    let expired = try PlacesCacheFile(
      url: url,
      timeToLive: .seconds(3600),
      now: { Self.start.addingTimeInterval(7200) }
    )
    #expect(try expired.knowledge(for: Self.scope) == StoredKnowledge())
    let again = try PlacesCacheFile(url: url, timeToLive: .seconds(86_400), now: { Self.start })
    #expect(try again.knowledge(for: Self.scope) == StoredKnowledge())
  }

  @Test func refusesADirectoryAndATextFile() throws {
    let url = try Self.temporaryFile()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    #expect(throws: PlacesCacheFileError.self) {
      _ = try PlacesCacheFile(url: url.deletingLastPathComponent())
    }
    try Data("id,name\n1,x\n".utf8).write(to: url)
    do {
      _ = try PlacesCacheFile(url: url)
      Issue.record("a CSV file was accepted")
    } catch {
      #expect(error.kind == .notACache)
      #expect(error.description.hasPrefix(url.path))
    }
    #expect(try String(contentsOf: url, encoding: .utf8) == "id,name\n1,x\n")
  }
}
