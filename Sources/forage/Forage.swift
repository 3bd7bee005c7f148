import ArgumentParser
import ForageFinder
import ForageWriters
import Foundation

/// The `forage` command line: a location-aware restaurant finder that replays movement tracks.
@main
struct Forage: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "forage",
    abstract: "Find restaurants near every point of a movement track.",
    discussion: """
      Exit codes follow sysexits: 0 done, 64 usage, 65 bad data, 69 service unavailable, 74 I/O.
      """,
    version: ForageVersion.current,
    subcommands: [
      RunCommand.self, WatchCommand.self, DemoCommand.self, ValidateCommand.self,
      NearbyCommand.self, ReplayCommand.self,
    ]
  )

  /// Parses and runs a command like ArgumentParser's own `main`, but writes help, version and
  /// error text through checked writes: help that cannot be written (a full disk, a closed
  /// standard output) is exit 74, not a silent 0. Signal handling is installed first.
  /// `forage` and the subcommand the command line names, if any: where the help is.
  private static var helpCommand: String {
    let names = configuration.subcommands.map { $0.configuration.commandName ?? "" }
    guard let word = CommandLine.arguments.dropFirst().first, names.contains(word) else {
      return "forage"
    }
    return "forage \(word)"
  }

  /// The first word of the command line that looks like a long option the command does not
  /// have, with the command's option nearest to it (at most two edits), if any.
  ///
  /// The command's options are read from its help text, the one list ArgumentParser shows: the
  /// lines under `OPTIONS:` that declare an option (`  --radius <m>`, `  -h, --help`), not
  /// prose naming one.
  private static func unknownOption() -> (given: String, meant: String?)? {
    let words = Array(CommandLine.arguments.dropFirst())
    let subcommand = configuration.subcommands.first {
      $0.configuration.commandName == words.first
    }
    let help = subcommand?.helpMessage(columns: 1000) ?? helpMessage(columns: 1000)
    var known = Set(["--help", "--version"])
    let lines = help.split(separator: "\n").drop { !$0.hasPrefix("OPTIONS:") }
    for line in lines where line.trimmingCharacters(in: .whitespaces).hasPrefix("-") {
      for word in line.split(separator: " ") where word.hasPrefix("--") {
        known.insert(String(word.prefix { $0 != "," }))
        break
      }
    }
    return OptionSuggestion.unknown(
      in: subcommand == nil ? words : Array(words.dropFirst()),
      known: known
    )
  }

  static func main() async {
    SignalCleanup.install()
    do {
      var command = try parseAsRoot()
      if var command = command as? any AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
    } catch {
      let code = exitCode(for: error)
      let message = fullMessage(for: error)
      if code == .success {
        // Help or version, asked for: it is the command's output.
        if !message.isEmpty {
          do {
            try StandardOutputSink().write(message + "\n")
          } catch let failure as OutputError {
            Foundation.exit(outputFailureExit(failure).rawValue)
          } catch {
            Foundation.exit(Sysexits.ioError.rawValue)
          }
        }
      } else if code == Sysexits.usage, !message.isEmpty {
        // One line, as for every other error: what is wrong, and where the help is.
        var text = Self.message(for: error).split(whereSeparator: \.isNewline)
          .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        // A mistyped option explains most usage errors (a required option "missing" because
        // it was misspelt): say so first, whichever check failed.
        if !text.lowercased().contains("did you mean"), let typo = Self.unknownOption(),
          let meant = typo.meant
        {
          text = "unknown option '\(typo.given)'; did you mean '\(meant)'?"
        }
        printError("\(text) (see '\(helpCommand) --help')")
      } else if !message.isEmpty {
        printError(message)
      }
      Foundation.exit(code.rawValue)
    }
  }
}
