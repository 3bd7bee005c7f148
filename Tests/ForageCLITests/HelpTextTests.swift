import ForageTestSupport
import Foundation
import Testing

/// Every command's `--help` says each thing once, and `demo --help` says exactly which of
/// `run`'s options it takes.
@Suite struct HelpTextTests {
  /// Every command line with a help page: each subcommand of `forage`, and the other binaries.
  static let commands: [(binary: String, arguments: [String])] = [
    ("forage", []), ("forage", ["run"]), ("forage", ["watch"]), ("forage", ["demo"]),
    ("forage", ["validate"]),
    ("forage", ["nearby"]), ("forage", ["replay"]), ("mock-places", []), ("synthetic-city", []),
  ]

  /// The help of a command: exit 0, text on standard output.
  static func help(_ binary: String, _ arguments: [String]) throws -> String {
    let result = try BuiltBinary.run(binary, arguments + ["--help"])
    #expect(result.status == 0, "\(binary) \(arguments): \(result.stderr)")
    return result.stdout
  }

  /// The entries of a help page's option lists: each starts at an indented `-`, and its
  /// description goes on on the lines indented further.
  static func optionEntries(_ help: String) -> [String] {
    var entries: [String] = []
    var entry: String?
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      let indent = line.prefix { $0 == " " }.count
      let text = line.dropFirst(indent)
      if indent == 2, text.hasPrefix("-") {
        entry.map { entries.append($0) }
        entry = String(text)
      } else if indent > 2, let current = entry {
        entry = current + " " + text
      } else {
        // A heading or a blank line ends the entry.
        entry.map { entries.append($0) }
        entry = nil
      }
    }
    entry.map { entries.append($0) }
    return entries
  }

  /// The long options a help page lists.
  static func longOptions(_ help: String) -> Set<String> {
    Set(
      optionEntries(help).compactMap { entry in
        entry.split(separator: " ").first { $0.hasPrefix("--") }.map {
          String($0.prefix { $0 != "," && $0 != "=" })
        }
      }
    )
  }

  @Test(arguments: commands.indices)
  func noOptionSaysItsDefaultTwice(_ index: Int) throws {
    let command = Self.commands[index]
    let entries = Self.optionEntries(try Self.help(command.binary, command.arguments))

    #expect(entries.count > 1, "\(command): no options found")
    // ArgumentParser adds `(default: X)` (or `(values: …; default: X)`) to an option with a
    // default value; its own text must
    // not say it again (`--network-time`, without a value of its own, may say what each case
    // defaults to).
    for entry in entries where entry.contains("(default: ") || entry.contains("; default: ") {
      let mentions = entry.lowercased().components(separatedBy: "default").count - 1
      #expect(mentions == 1, "\(command.binary) \(command.arguments): \(entry)")
    }
  }

  /// `demo` takes `run`'s options but those that choose the track, the places or the output
  /// (and has `--print-track` of its own), and its help names each of those; they are refused (64) with nothing on standard output.
  @Test func demoHelpSaysExactlyWhichOptionsOfRunItTakes() throws {
    let run = Self.longOptions(try Self.help("forage", ["run"]))
    let demoHelp = try Self.help("forage", ["demo"])
    let demo = Self.longOptions(demoHelp)
    let prose = demoHelp.components(separatedBy: "OPTIONS:").first ?? ""

    #expect(run.count > 20 && demo.count > 15)
    // Its one option of its own writes the built-in walk out, for run to replay.
    #expect(demo.subtracting(run) == ["--print-track"], "demo options that run lacks")
    let notTaken = run.subtracting(demo)
    #expect(notTaken.contains("--dataset") && notTaken.contains("--track"))
    let words = Set(
      prose.split { !($0.isLetter || $0 == "-") }.map(String.init).filter { $0.hasPrefix("--") }
    )
    for option in notTaken.sorted() {
      #expect(words.contains(option), "demo --help does not say it takes no \(option)")
      let result = try FinderFixtures.forage(["demo", option, "x"])
      #expect(result.status == 64, "\(option): \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
  }
}
