import ForageFinder
import ForageGeodesy
import ForagePlaceModel
import Foundation
import Logging
import PostgresNIO

extension PostgresPlacesCache {
  /// The channel every search is announced on, its id as the payload.
  public static let channel = "forage_search"

  /// Keeps a search and the places it found, in one transaction, and announces it to the other
  /// processes once committed.
  ///
  /// The same search (scope, centre and covered radius) recorded again, by this process or a
  /// racing one, is kept once with the later time; each place is kept once per scope, with the
  /// latest JSON. A failed attempt leaves nothing, and is tried again whole.
  ///
  /// - Parameters:
  ///   - places: The places the search returned.
  ///   - centre: The search's centre.
  ///   - coveredRadius: How far the search is complete, in metres.
  ///   - notices: What the API's answers said about their data.
  ///   - scope: What was searched for.
  /// - Returns: The search's id.
  /// - Throws: ``PostgresPlacesCacheError``: ``PostgresPlacesCacheError/Kind/unavailable`` when
  ///   the server cannot be reached within the retries; ``PostgresPlacesCacheError/Kind/notACache``,
  ///   with nothing recorded, for a place JSON cannot hold (a number that is not finite).
  @discardableResult
  public func record(
    _ places: [Place],
    around centre: Coordinate,
    coveredRadius: Double,
    notices: [String] = [],
    in scope: PlacesCacheScope
  ) async throws(PostgresPlacesCacheError) -> Int64 {
    let at = now().timeIntervalSince1970
    // One row per place (the last of the same id wins), in one order for every writer, so
    // that racing transactions lock rows in the same order and never deadlock.
    var byID: [String: String] = [:]
    for place in places {
      // A search recorded without one of its places would answer other processes wrongly.
      guard let json = try? StoredPlace.text(of: place) else {
        throw PostgresPlacesCacheError(
          .notACache,
          location: location.description,
          reason: "place '\(place.id)' cannot be kept (a number in it is not finite), so its "
            + "search was not recorded"
        )
      }
      byID[place.id] = json
    }
    let ids = byID.keys.sorted()
    let jsons = ids.map { byID[$0] ?? "" }
    let noticeTexts = Array(Set(notices)).sorted()
    let logger = logger
    let latitude = centre.latitude
    let longitude = centre.longitude
    return try await withConnection { connection in
      try await connection.transaction(logger: logger) { connection in
        try await connection.query(
          """
          INSERT INTO forage_scope (api, type, keyword)
          VALUES (\(scope.api), \(scope.type), \(scope.keyword)) ON CONFLICT DO NOTHING
          """,
          logger: logger
        )
        var scopeID: Int64 = 0
        let scopes = try await connection.query(
          """
          SELECT id FROM forage_scope
          WHERE api = \(scope.api) AND type = \(scope.type) AND keyword = \(scope.keyword)
          """,
          logger: logger
        )
        for try await id in scopes.decode(Int64.self) { scopeID = id }
        if !ids.isEmpty {
          try await connection.query(
            """
            INSERT INTO forage_place (scope_id, place_id, json, learned_at)
            SELECT \(scopeID), p.id, p.json, \(at) FROM unnest(\(ids)::text[], \(jsons)::text[])
              AS p (id, json)
            ON CONFLICT (scope_id, place_id) DO UPDATE
              SET json = EXCLUDED.json, learned_at = EXCLUDED.learned_at
              WHERE forage_place.learned_at <= EXCLUDED.learned_at
            """,
            logger: logger
          )
        }
        let rows = try await connection.query(
          """
          INSERT INTO forage_search (scope_id, latitude, longitude, covered_radius, searched_at)
          VALUES (\(scopeID), \(latitude), \(longitude), \(coveredRadius), \(at))
          ON CONFLICT (scope_id, latitude, longitude, covered_radius) DO UPDATE
            SET searched_at = GREATEST(forage_search.searched_at, EXCLUDED.searched_at)
          RETURNING id
          """,
          logger: logger
        )
        var searchID: Int64 = 0
        for try await id in rows.decode(Int64.self) { searchID = id }
        // Before the commit, so that this process's listener never hands it back as news.
        self.state.withLock { _ = $0.ownSearches.insert(searchID) }
        if !ids.isEmpty {
          try await connection.query(
            """
            INSERT INTO forage_search_place (search_id, scope_id, place_id)
            SELECT \(searchID), \(scopeID), unnest(\(ids)::text[])
            ON CONFLICT DO NOTHING
            """,
            logger: logger
          )
        }
        if !noticeTexts.isEmpty {
          try await connection.query(
            """
            INSERT INTO forage_notice (scope_id, text, learned_at)
            SELECT \(scopeID), unnest(\(noticeTexts)::text[]), \(at)
            ON CONFLICT (scope_id, text) DO UPDATE
              SET learned_at = GREATEST(forage_notice.learned_at, EXCLUDED.learned_at)
            """,
            logger: logger
          )
        }
        // Delivered by the server only if this transaction commits.
        try await connection.query(
          "SELECT pg_notify(\(Self.channel), \(String(searchID)))",
          logger: logger
        )
        return searchID
      }
    }
  }
}
