/// One PostgreSQL cluster for every suite of a test process that asks for it (a database a
/// test): started by the first, stopped by its process id and removed when the last ends.
///
/// Suites that run at once then share one server instead of each starting its own, which on
/// two cores makes a run slower and every start less sure. A suite that stops or restarts the
/// server keeps a ``PostgresCluster`` of its own.
public actor SharedPostgresCluster {
  /// The process's shared cluster.
  public static let process = SharedPostgresCluster()

  private var users = 0
  private var starting: Task<PostgresCluster, any Error>?

  /// Runs `body` with the shared cluster, starting it if no one else uses it now.
  public func with<T: Sendable>(
    _ body: @Sendable (PostgresCluster) async throws -> T
  ) async throws -> T {
    let cluster = try await acquire()
    do {
      let result = try await body(cluster)
      await release()
      return result
    } catch {
      await release()
      throw error
    }
  }

  private func acquire() async throws -> PostgresCluster {
    users += 1
    let task = starting ?? Task { try await PostgresCluster.start() }
    starting = task
    do {
      return try await task.value
    } catch {
      await release()
      throw error
    }
  }

  private func release() async {
    users -= 1
    guard users == 0, let task = starting else { return }
    starting = nil
    if let cluster = try? await task.value { await cluster.remove() }
  }
}
