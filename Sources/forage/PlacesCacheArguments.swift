import ArgumentParser
import ForageFinder
import ForagePlacesCache
import ForagePostgresCache
import ForageProviders
import ForageSupport
import ForageWriters
import Foundation
import Logging

/// `--places-cache FILE|URL` and `--places-cache-ttl`: keep what searches learn in an SQLite
/// file for later runs, or in PostgreSQL (`postgres://` or `postgresql://`, as libpq reads
/// them), shared by every process that uses the same database while they run.
struct PlacesCacheArguments: ParsableArguments {
  @Option(
    name: .customLong("places-cache"),
    parsing: .unconditional,
    help: ArgumentHelp(
      "Keep searched areas and places in this SQLite file, or in PostgreSQL at a "
        + "postgres://user:password@host/database URL shared with other forage processes, and "
        + "reuse them (answers from it have source \"stored\").",
      valueName: "file|url"
    )
  )
  var path: String?

  @Option(
    name: .customLong("places-cache-ttl"),
    parsing: .unconditional,
    help: ArgumentHelp(
      "How long the places cache reuses a search: a number and s, min, h or d.",
      valueName: "duration"
    )
  )
  var timeToLive: String = "30d"

  func validate() throws {
    _ = try duration()
    if let scheme, !Self.sharedSchemes.contains(scheme) {
      // The value may hold a password: only its scheme is named.
      throw ValidationError(
        "--places-cache: a \(scheme):// URL is not a cache forage can use: give a file, or a "
          + "postgres:// URL"
      )
    }
    if let url = sharedURL {
      do throws(PostgresPlacesCacheError) {
        _ = try PostgresCacheLocation(url: url)
      } catch {
        throw ValidationError("--places-cache \(error.description)")
      }
    }
  }

  /// The schemes of a shared cache's URL.
  static let sharedSchemes = ["postgres", "postgresql"]

  /// The value's URL scheme, lowercased, when it starts as a URL does (`letters://`).
  private var scheme: String? {
    guard let path, let end = path.range(of: "://") else { return nil }
    let scheme = path[..<end.lowerBound]
    guard let first = scheme.first, first.isASCII, first.isLetter,
      scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else { return nil }
    return scheme.lowercased()
  }

  /// The `postgres://` URL of a shared cache, or `nil`.
  var sharedURL: String? {
    scheme.flatMap { Self.sharedSchemes.contains($0) ? path : nil }
  }

  /// The SQLite file's path, or `nil` for none or a URL.
  var filePath: String? { scheme == nil ? path : nil }

  /// The files SQLite keeps beside a places cache file (its write-ahead log, shared memory and
  /// rollback journal), each with a name for messages: SQLite deletes them, so no output may
  /// be one of them.
  var sideFiles: [(option: String, path: String?)] {
    ["-wal", "-shm", "-journal"].map { suffix in
      ("--places-cache's \(suffix) file", filePath.map { $0 + suffix })
    }
  }

  /// `--places-cache-ttl` as a duration.
  func duration() throws -> Duration {
    let units: [(suffix: String, seconds: Double)] = [
      ("min", 60), ("s", 1), ("h", 3600), ("d", 86_400),
    ]
    for unit in units where timeToLive.hasSuffix(unit.suffix) {
      let number = timeToLive.dropLast(unit.suffix.count)
      if let value = Double(number), value > 0,
        let duration = Duration.checkedSeconds(value * unit.seconds),
        duration > .zero
      {
        return duration
      }
    }
    throw ValidationError(
      "--places-cache-ttl must be a positive duration such as 30d, 12h, 90min or 3600s "
        + "(at most \(Int(Duration.longestSeconds)) s), not '\(timeToLive)'"
    )
  }

  /// Refuses a places cache, file or shared, kept longer than the API's terms allow
  /// (``PlacesProviderCapabilities/termsRefusal(keeping:)``).
  func validateTerms(of capabilities: PlacesProviderCapabilities) throws {
    guard path != nil, let refusal = capabilities.termsRefusal(keeping: try duration()) else {
      return
    }
    throw ValidationError("--places-cache-ttl \(timeToLive): \(refusal)")
  }

  /// Opens the cache file, or `nil` without `--places-cache`.
  ///
  /// - Throws: An `ExitCode` after a one-line message: 65 for a file that is not a Forage
  ///   places cache, has a newer schema or is damaged (left untouched), 74 when it cannot be
  ///   read or written.
  func open() throws -> PlacesCacheFile? {
    guard let path = filePath else { return nil }
    // The same checks as every output (a trailing /, a folder, a link loop, a missing folder),
    // and room for the "-journal", "-wal" and "-shm" files SQLite keeps beside it.
    do {
      let target = try OutputFile.destination(of: path)
      let longest = Int(NAME_MAX) - "-journal".utf8.count
      guard PathName(target).lastComponent.utf8.count <= longest else {
        throw OutputError.cannotWrite(
          path: path,
          reason: "the name is too long for SQLite's \"-journal\" file beside it "
            + "(at most \(longest) bytes)"
        )
      }
    } catch let error as OutputError {
      printError("--places-cache: \(error.description)")
      throw Sysexits.ioError
    }
    do {
      return try PlacesCacheFile(url: URL(fileURLWithPath: path), timeToLive: try duration())
    } catch let error as PlacesCacheFileError {
      throw Self.exit(for: error)
    }
  }

  /// Opens the shared cache of a `postgres://` URL and reads what it knows for `scope`, or
  /// `nil` without one; its retries and what it learns from other processes go to `logger`.
  ///
  /// - Throws: An `ExitCode` after a one-line message without the password: 64 for a URL
  ///   that cannot be read or a time to live past the API's terms, 65 for a database that is
  ///   not a Forage cache or has a newer schema (left untouched), 69 when the server cannot be
  ///   reached or refuses the user.
  func openShared(
    scope: PlacesCacheScope,
    logger: Logger
  ) async throws -> PostgresCacheStorage? {
    guard let url = sharedURL else { return nil }
    let timeToLive = try duration()
    do throws(PostgresPlacesCacheError) {
      let cache = try await PostgresPlacesCache(url: url, timeToLive: timeToLive, logger: logger)
      do throws(PostgresPlacesCacheError) {
        return try await PostgresCacheStorage.open(cache, scope: scope)
      } catch {
        await cache.close()
        throw error
      }
    } catch {
      throw Self.exit(for: error)
    }
  }

  /// Prints a shared cache's error and gives its exit code.
  static func exit(for error: PostgresPlacesCacheError) -> ExitCode {
    printError("--places-cache \(error.description)")
    switch error.kind {
    case .badURL: return Sysexits.usage
    case .newerSchema, .notACache: return Sysexits.dataError
    case .unavailable, .refused: return Sysexits.unavailable
    }
  }

  /// Prints a cache error and gives its exit code.
  static func exit(for error: PlacesCacheFileError) -> ExitCode {
    printError("--places-cache \(error.description)")
    return error.kind == .unusable ? Sysexits.ioError : Sysexits.dataError
  }
}
