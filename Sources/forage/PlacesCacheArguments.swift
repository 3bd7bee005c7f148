import ArgumentParser
import ForagePlacesCache
import ForageSupport
import ForageWriters
import Foundation

/// `--places-cache FILE` and `--places-cache-ttl`: keep what searches learn in an SQLite file
/// for later runs.
struct PlacesCacheArguments: ParsableArguments {
  @Option(
    name: .customLong("places-cache"),
    parsing: .unconditional,
    help: ArgumentHelp(
      "Keep searched areas and places in this SQLite file and reuse them in later runs "
        + "(answers from it have source \"stored\").",
      valueName: "file"
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

  /// Opens the cache file, or `nil` without `--places-cache`.
  ///
  /// - Throws: An `ExitCode` after a one-line message: 65 for a file that is not a Forage
  ///   places cache, has a newer schema or is damaged (left untouched), 74 when it cannot be
  ///   read or written.
  func open() throws -> PlacesCacheFile? {
    guard let path else { return nil }
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

  /// Prints a cache error and gives its exit code.
  static func exit(for error: PlacesCacheFileError) -> ExitCode {
    printError("--places-cache \(error.description)")
    return error.kind == .unusable ? Sysexits.ioError : Sysexits.dataError
  }
}
