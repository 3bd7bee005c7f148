import ArgumentParser
import ForageFinder
import ForageHTTP
import ForageSupport
import ForageWriters
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
///
/// Control characters in the message (from hostile input echoed back) are shown escaped, so
/// nothing reaches the terminal raw, credentials (a URL's password, `key=` values) are
/// redacted, and the line is at most `TerminalText.messageLimit` characters (a megabyte value
/// quoted in it is shown by its start and end). A failure to write to standard error is ignored: there is nowhere left to report
/// it.
func printError(_ message: String) {
  let line = TerminalText.escaped(
    "forage: " + Redaction.redact(message),
    limit: TerminalText.messageLimit
  )
  writeStandardError(line + "\n")
}

/// Writes text to standard error as is, ignoring failures.
func writeStandardError(_ text: String) {
  var text = text
  text.withUTF8 { buffer in
    var offset = 0
    while offset < buffer.count {
      let written = write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { return }
      offset += written
    }
  }
}

/// Reports an output error and gives the exit code: 74, or a quiet 0 when the reader of a
/// pipe went away (as `head` users expect).
func outputFailureExit(_ error: OutputError) -> ExitCode {
  if case .brokenPipe = error { return .success }
  printError(error.description)
  return Sysexits.ioError
}

/// Reports that a subcommand is not built yet and exits with `EX_UNAVAILABLE`.
///
/// - Parameter name: The subcommand's name, as the user typed it.
/// - Throws: Always ``Sysexits/unavailable``.
func notAvailableYet(_ name: String) throws -> Never {
  printError("'\(name)' is not available yet in this version")
  throw Sysexits.unavailable
}
