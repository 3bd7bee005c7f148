import ArgumentParser
import Foundation

/// The exit codes `forage` uses, from BSD's `sysexits.h`.
enum Sysexits {
  /// The command was used incorrectly (`EX_USAGE`).
  static let usage = ExitCode(64)
  /// The input data was incorrect (`EX_DATAERR`).
  static let dataError = ExitCode(65)
  /// A service is unavailable (`EX_UNAVAILABLE`).
  static let unavailable = ExitCode(69)
  /// An input or output error (`EX_IOERR`).
  static let ioError = ExitCode(74)
}

/// Writes one line to standard error, prefixed with the program name.
func printError(_ message: String) {
  FileHandle.standardError.write(Data("forage: \(message)\n".utf8))
}

/// Reports that a subcommand is not built yet and exits with `EX_UNAVAILABLE`.
///
/// - Parameter name: The subcommand's name, as the user typed it.
/// - Throws: Always ``Sysexits/unavailable``.
func notAvailableYet(_ name: String) throws -> Never {
  printError("'\(name)' is not available yet in this version")
  throw Sysexits.unavailable
}
