import ForageSupport
import Foundation

/// The option a user most likely meant by one that does not exist, for "did you mean".
///
/// ArgumentParser suggests a near option itself, but only once the command's own checks pass;
/// `run` without a source fails its check first, so `--trak walk.gpx` would never hear of
/// `--track`. This looks at the words given for one close to the options wanted.
public enum OptionSuggestion {
  /// The first word of `arguments` that looks like a long option, is not one of `wanted`, and
  /// is at most two edits from one of them: that word and the option it is close to.
  ///
  /// - Parameters:
  ///   - arguments: The words after the subcommand's name; `--` ends the options.
  ///   - wanted: The options to suggest, such as `["--track", "--gpsd"]`.
  public static func nearest(
    in arguments: [String],
    to wanted: [String]
  ) -> (given: String, meant: String)? {
    for word in arguments {
      if word == "--" { break }
      guard word.hasPrefix("--"), word.count > 2 else { continue }
      let name = String(word.prefix { $0 != "=" })
      guard !wanted.contains(name) else { continue }
      // Words whose lengths differ by more than two are more than two edits apart: a word of
      // 100 KiB is not compared character by character with every option.
      let length = name.count
      let ranked = wanted.filter { abs($0.count - length) <= 2 }
        .map { (option: $0, edits: NameSuggestion.editDistance(name, $0)) }
        .filter { $0.edits <= 2 }
        .min { $0.edits < $1.edits }
      if let ranked { return (name, ranked.option) }
    }
    return nil
  }

  /// The first word of `arguments` that looks like a long option and is none of `known`, with
  /// the known option at most two edits from it (`nil` when none is that close).
  ///
  /// - Parameters:
  ///   - arguments: The words after the subcommand's name; `--` ends the options.
  ///   - known: Every long option the command takes.
  public static func unknown(
    in arguments: [String],
    known: Set<String>
  ) -> (given: String, meant: String?)? {
    for word in arguments {
      if word == "--" { break }
      guard word.hasPrefix("--"), word.count > 2 else { continue }
      let name = String(word.prefix { $0 != "=" })
      guard !known.contains(name) else { continue }
      return (name, nearest(in: [name], to: known.sorted())?.meant)
    }
    return nil
  }

  /// The long options a command's help text declares: the lines under `OPTIONS:` that start
  /// with an option (`  --radius <m>`, `  -h, --help`), not prose naming one; `--help` and
  /// `--version` always.
  public static func knownOptions(inHelp help: String) -> Set<String> {
    var known = Set(["--help", "--version"])
    let lines = help.split(separator: "\n").drop { !$0.hasPrefix("OPTIONS:") }
    for line in lines where line.trimmingCharacters(in: .whitespaces).hasPrefix("-") {
      for word in line.split(separator: " ") where word.hasPrefix("--") {
        known.insert(String(word.prefix { $0 != "," }))
        break
      }
    }
    return known
  }

  /// A usage error as one line: the message's lines joined, or, when the command line holds a
  /// mistyped option and the message does not already say what was meant, that option and the
  /// one meant (a required option is "missing" because it was misspelt).
  ///
  /// - Parameters:
  ///   - message: The parser's message, perhaps over several lines.
  ///   - arguments: The words after the command's (and subcommand's) name.
  ///   - known: Every long option the command takes (``knownOptions(inHelp:)``).
  public static func usageLine(
    _ message: String,
    arguments: [String],
    known: Set<String>
  ) -> String {
    let text = message.split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    guard !text.lowercased().contains("did you mean"),
      let typo = unknown(in: arguments, known: known), let meant = typo.meant
    else { return text }
    return "unknown option '\(typo.given)'; did you mean '\(meant)'?"
  }
}
