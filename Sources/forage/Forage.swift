import ArgumentParser
import ForageCommandLine
import ForageFinder
import ForageSupport
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

  /// The words after `forage` (and the subcommand they name), and every long option that
  /// command takes, read from its help text, the one list ArgumentParser shows.
  private static func commandWords() -> (arguments: [String], known: Set<String>) {
    let words = Array(CommandLine.arguments.dropFirst())
    let subcommand = configuration.subcommands.first {
      $0.configuration.commandName == words.first
    }
    let help = subcommand?.helpMessage(columns: 1000) ?? helpMessage(columns: 1000)
    return (
      subcommand == nil ? words : Array(words.dropFirst()),
      OptionSuggestion.knownOptions(inHelp: help)
    )
  }

  /// For a first word that is neither an option nor a subcommand: the subcommand meant.
  private static func unknownSubcommand() -> String? {
    guard let word = CommandLine.arguments.dropFirst().first, !word.hasPrefix("-") else {
      return nil
    }
    let names = configuration.subcommands.compactMap { $0.configuration.commandName }
    guard !names.contains(word) else { return nil }
    let nearest = NameSuggestion.nearest(to: word, in: names, count: 1)
    return "'\(word)' is not a forage command"
      + (nearest.first.map { "; did you mean '\($0)'?" } ?? "")
      + " (commands: \(NameSuggestion.list(names, conjunction: "and")))"
  }

  /// The message with every long command-line word it echoes (ArgumentParser quotes a value it
  /// refuses in full) shown as a short excerpt, so its line keeps the option's name.
  static func excerptingArguments(_ message: String) -> String {
    TerminalText.excerpting(Array(CommandLine.arguments.dropFirst()), in: message)
  }

  static func main() async {
    // Before any thread, file or socket: a limit too low is one line, never a crash or a hang.
    if let refusal = ResourceLimits.check() {
      printError(refusal)
      Foundation.exit(Sysexits.ioError.rawValue)
    }
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
        // One line, as for every other error: what is wrong, and where the help is. A
        // mistyped subcommand or option explains most usage errors: say so first.
        let (arguments, known) = Self.commandWords()
        let text =
          Self.unknownSubcommand()
          ?? OptionSuggestion.usageLine(
            Self.excerptingArguments(Self.message(for: error)),
            arguments: arguments,
            known: known
          )
        printError(Self.excerptingArguments("\(text) (see '\(helpCommand) --help')"))
      } else if !message.isEmpty {
        printError(Self.excerptingArguments(message))
      }
      Foundation.exit(code.rawValue)
    }
  }
}
