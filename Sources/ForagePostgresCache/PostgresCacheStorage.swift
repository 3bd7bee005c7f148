import ForageFinder
import ForageGeodesy
import ForagePlaceModel
import Synchronization

/// A ``PostgresPlacesCache`` as the finder's `PlacesCacheStorage` for one run and one scope:
/// the finder's calls are synchronous, the database's are not, and neither may block a thread
/// of Swift's cooperative pool (on two cores, two blocked threads are the whole pool).
///
/// - What the database knows is read before the run (``open(_:scope:)``), so
///   ``knowledge(for:)`` only gives it back.
/// - ``record(_:around:coveredRadius:notices:in:)`` queues the search; a task of its own writes
///   the queue in order.
/// - ``follow(_:learn:)`` passes on what other processes record (``PostgresPlacesCache/updates(for:)``).
///
/// A write or an update that fails after the cache's retries is kept as ``failure``: the run
/// must stop (the CLI checks it before each reading and after the run, ``finish()``), since
/// its cache can no longer be confirmed. Later searches are not queued.
public final class PostgresCacheStorage: PlacesCacheStorage {
  /// The cache written to.
  public let cache: PostgresPlacesCache
  /// The scope read before the run.
  public let scope: PlacesCacheScope
  private let stored: StoredKnowledge
  private let queue: AsyncStream<Search>.Continuation
  private let writer: Task<Void, Never>
  private let box = StateBox()

  private struct Search: Sendable {
    var places: [Place]
    var centre: Coordinate
    var coveredRadius: Double
    var notices: [String]
    var scope: PlacesCacheScope
  }

  private struct State {
    var failure: PostgresPlacesCacheError?
    var followers: [Task<Void, Never>] = []
  }

  /// The state, shared with the writer's and followers' tasks.
  private final class StateBox: Sendable {
    let state = Mutex(State())
  }

  /// Reads what `cache` knows for `scope`, and starts the writer.
  ///
  /// - Throws: What ``PostgresPlacesCache/knowledge(for:)`` throws (terms, an unusable
  ///   database, a server that cannot be reached).
  public static func open(
    _ cache: PostgresPlacesCache,
    scope: PlacesCacheScope
  ) async throws(PostgresPlacesCacheError) -> PostgresCacheStorage {
    PostgresCacheStorage(cache, scope: scope, stored: try await cache.knowledge(for: scope))
  }

  private init(_ cache: PostgresPlacesCache, scope: PlacesCacheScope, stored: StoredKnowledge) {
    self.cache = cache
    self.scope = scope
    self.stored = stored
    let (stream, queue) = AsyncStream<Search>.makeStream()
    self.queue = queue
    let box = box
    writer = Task {
      for await search in stream {
        guard box.state.withLock({ $0.failure == nil }) else { continue }
        do throws(PostgresPlacesCacheError) {
          try await cache.record(
            search.places,
            around: search.centre,
            coveredRadius: search.coveredRadius,
            notices: search.notices,
            in: search.scope
          )
        } catch {
          box.state.withLock { $0.failure = $0.failure ?? error }
        }
      }
    }
  }

  deinit {
    queue.finish()
    for follower in box.state.withLock({ $0.followers }) { follower.cancel() }
  }

  /// The first write or update that failed after the retries, if any.
  public var failure: PostgresPlacesCacheError? { box.state.withLock { $0.failure } }

  /// What the database knew for ``scope`` when the storage was opened.
  ///
  /// - Throws: ``PostgresPlacesCacheError`` for another scope, which was not read.
  public func knowledge(for scope: PlacesCacheScope) throws -> StoredKnowledge {
    guard scope == self.scope else {
      throw PostgresPlacesCacheError(
        .notACache,
        location: cache.location.description,
        reason: "the run asked for a scope that was not read before it"
      )
    }
    return stored
  }

  /// Queues the search for the writer.
  public func record(
    _ places: [Place],
    around centre: Coordinate,
    coveredRadius: Double,
    notices: [String],
    in scope: PlacesCacheScope
  ) {
    queue.yield(
      Search(
        places: places,
        centre: centre,
        coveredRadius: coveredRadius,
        notices: notices,
        scope: scope
      )
    )
  }

  /// Passes on what other processes record for `scope`, until the storage finishes; a stream
  /// that ends with an error sets ``failure``.
  public func follow(
    _ scope: PlacesCacheScope,
    learn: @escaping @Sendable (StoredKnowledge) -> Void
  ) {
    let updates = cache.updates(for: scope)
    let box = box
    let logger = cache.logger
    let follower = Task {
      do {
        for try await knowledge in updates {
          learn(knowledge)
          logger.debug(
            "places cache: learned a search another process made",
            metadata: ["places": "\(knowledge.places.count)"]
          )
        }
      } catch let error as PostgresPlacesCacheError {
        box.state.withLock { $0.failure = $0.failure ?? error }
      } catch {}
    }
    box.state.withLock { $0.followers.append(follower) }
  }

  /// Waits until every queued search is written, stops following and closes the cache.
  ///
  /// - Throws: ``failure``, when a write or an update failed.
  public func finish() async throws(PostgresPlacesCacheError) {
    queue.finish()
    // A cache that already failed is closed first: a write still retrying then gives up at
    // its next attempt instead of waiting out the retries for a run that fails anyway.
    if failure != nil { await cache.close() }
    await writer.value
    let followers = box.state.withLock { $0.followers }
    for follower in followers { follower.cancel() }
    await cache.close()
    for follower in followers { await follower.value }
    if let failure { throw failure }
  }
}
