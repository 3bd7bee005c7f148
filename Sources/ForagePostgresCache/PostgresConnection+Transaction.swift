import Logging
import PostgresNIO

extension PostgresConnection {
  /// `body` in one transaction: `BEGIN`, then `COMMIT`; or `ROLLBACK` when `body` throws, unless
  /// the connection has closed.
  ///
  /// PostgresNIO's `withTransaction` sends the `ROLLBACK` whatever happened, and PostgresNIO
  /// never answers a query written to a closed connection (``PostgresDeadline``). So a
  /// transaction the server ended (`pg_terminate_backend`, a restart) held its caller until the
  /// attempt limit, 30 s, before the write was tried again. On a closed connection the server
  /// has already ended the transaction, and there is nothing to roll back.
  func transaction<T: Sendable>(
    logger: Logger,
    _ body: (PostgresConnection) async throws -> T
  ) async throws -> T {
    _ = try await query("BEGIN", logger: logger)
    let value: T
    do {
      value = try await body(self)
    } catch {
      if !isClosed { _ = try? await query("ROLLBACK", logger: logger) }
      throw error
    }
    _ = try await query("COMMIT", logger: logger)
    return value
  }
}
