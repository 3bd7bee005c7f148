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
      RunCommand.self, DemoCommand.self, ValidateCommand.self, NearbyCommand.self,
      ReplayCommand.self,
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
        let text = Self.message(for: error).split(whereSeparator: \.isNewline)
          .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        printError("\(text) (see '\(helpCommand) --help')")
      } else if !message.isEmpty {
        printError(message)
      }
      Foundation.exit(code.rawValue)
    }
  }
}
