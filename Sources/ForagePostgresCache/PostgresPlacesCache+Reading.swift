import ForageFinder
import ForageGeodesy
import ForagePlaceModel
import Foundation
import Logging
import PostgresNIO

extension PostgresPlacesCache {
  /// Everything not expired that the database knows for `scope`, read from one snapshot (a
  /// search is never read without the places it found).
  ///
  /// - Throws: ``PostgresPlacesCacheError``: ``PostgresPlacesCacheError/Kind/notACache`` for
  ///   impossible values, ``PostgresPlacesCacheError/Kind/unavailable`` when the server cannot
  ///   be reached within the retries.
  public func knowledge(
    for scope: PlacesCacheScope
  ) async throws(PostgresPlacesCacheError) -> StoredKnowledge {
    let cutoff = expiryCutoff
    let reading = now()
    let location = location
    let logger = logger
    return try await withConnection { connection in
      try await connection.transaction(logger: logger) { connection in
        try await connection.query(
          "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY",
          logger: logger
        )
        let scopes = try await connection.query(
          """
          SELECT id FROM forage_scope
          WHERE api = \(scope.api) AND type = \(scope.type) AND keyword = \(scope.keyword)
          """,
          logger: logger
        )
        var scopeID: Int64?
        for try await id in scopes.decode(Int64.self) { scopeID = id }
        guard let scopeID else { return StoredKnowledge() }
        var knowledge = StoredKnowledge()
        let searches = try await connection.query(
          """
          SELECT latitude, longitude, covered_radius, searched_at FROM forage_search
          WHERE scope_id = \(scopeID) AND searched_at >= \(cutoff) ORDER BY id
          """,
          logger: logger
        )
        for try await row in searches.decode((Double, Double, Double, Double).self) {
          knowledge.searches.append(try Self.search(row, location: location, now: reading))
        }
        let places = try await connection.query(
          """
          SELECT json FROM forage_place
          WHERE scope_id = \(scopeID) AND learned_at >= \(cutoff) ORDER BY place_id
          """,
          logger: logger
        )
        for try await json in places.decode(String.self) {
          knowledge.places.append(try Self.place(json, location: location))
        }
        knowledge.notices = try await Self.notices(
          scopeID: scopeID,
          cutoff: cutoff,
          on: connection,
          logger: logger
        )
        return knowledge
      }
    }
  }

  /// A search row as a ``ForageFinder/StoredSearch``.
  static func search(
    _ row: (Double, Double, Double, Double),
    location: PostgresCacheLocation,
    now: Date
  ) throws(PostgresPlacesCacheError) -> StoredSearch {
    let (latitude, longitude, radius, searchedAt) = row
    guard let centre = try? Coordinate(latitude: latitude, longitude: longitude),
      StoredSearch.isPossible(coveredRadius: radius, searchedAt: searchedAt, now: now)
    else {
      throw PostgresPlacesCacheError(
        .notACache,
        location: location.description,
        reason: "its places cache holds an impossible search"
      )
    }
    return StoredSearch(
      centre: centre,
      coveredRadius: radius,
      searchedAt: Date(timeIntervalSince1970: searchedAt)
    )
  }

  /// A place as its JSON was kept.
  static func place(
    _ json: String,
    location: PostgresCacheLocation
  ) throws(PostgresPlacesCacheError) -> Place {
    guard let place = StoredPlace.place(from: json) else {
      throw PostgresPlacesCacheError(
        .notACache,
        location: location.description,
        reason: "its places cache holds an unreadable place"
      )
    }
    return place
  }

  /// The notices of a scope not expired, in the order first learned.
  static func notices(
    scopeID: Int64,
    cutoff: Double,
    on connection: PostgresConnection,
    logger: Logger
  ) async throws -> [String] {
    let rows = try await connection.query(
      """
      SELECT text FROM forage_notice
      WHERE scope_id = \(scopeID) AND learned_at >= \(cutoff) ORDER BY learned_at, text
      """,
      logger: logger
    )
    var notices: [String] = []
    for try await text in rows.decode(String.self) { notices.append(text) }
    return notices
  }
}
