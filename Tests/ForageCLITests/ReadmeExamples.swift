import Foundation

/// The example command lines of a README or a manual page and the file names they pass, for checking that every
/// example names a file a reader has.
///
/// Commands come from fenced `sh` (`bash`, `shell`, `console`) blocks and from inline code
/// spans that start with a command (`forage run --track … --format table`). A file name is a
/// word with a `/` (not a URL) or ending in a dot and letters (`walk.gpx`); placeholders
/// (`FILE`, `…`) and absolute paths (`/path/to/ReSwift`) are not names of the clone's files.
struct ReadmeExamples {
  /// One example command, split into words as a shell would.
  struct Command: Equatable {
    /// The words, quotes removed.
    var words: [String]
    /// The line it starts on.
    var line: Int
    /// Where it is in the README, for messages: `README.md:34`.
    var location: String
  }

  /// A file an example names that the reader does not have.
  struct MissingFile: Equatable, CustomStringConvertible {
    /// The name as written.
    var name: String
    /// The command it is in.
    var location: String

    var description: String { "\(location): \(name)" }
  }

  /// The programs whose examples show, and the options that name a file they write (which
  /// later examples may then read).
  static let outputOptions: [String: Set<String>] = [
    "forage": ["--output", "--record", "--places-cache"],
    "synthetic-city": ["--places", "--track"],
    "mock-places": [],
  ]

  /// The first words that make an inline code span an example command.
  static let commandWords: Set<String> = ["forage", "mock-places", "swift", "make", "curl"]

  /// The example commands, in reading order.
  let commands: [Command]

  /// Reads the examples of a README's text.
  ///
  /// - Parameters:
  ///   - text: The README.
  ///   - name: Its name, for locations.
  init(text: String, name: String = "README.md") {
    var commands: [Command] = []
    var prose: [(line: Int, text: String)] = []
    var block: [(line: Int, text: String)]?
    var isShellBlock = false
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      let number = index + 1
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("```") {
        if let lines = block {
          if isShellBlock { commands += Self.blockCommands(lines, name: name) }
          block = nil
        } else {
          let info = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
          isShellBlock = ["sh", "bash", "shell", "console"].contains(info)
          block = []
        }
        continue
      }
      if block != nil {
        block!.append((number, String(line)))
      } else {
        prose.append((number, String(line)))
      }
    }
    commands += Self.inlineCommands(prose, name: name)
    // In reading order: a file an example writes may be read by a later one.
    self.commands = commands.enumerated().sorted {
      ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
    }
    .map(\.element)
  }

  /// The commands of a fenced block: a line each, `\` continuing a line, comments removed, and
  /// `&&`, `||`, `|` and `;` separating commands.
  private static func blockCommands(_ lines: [(line: Int, text: String)], name: String) -> [Command]
  {
    var commands: [Command] = []
    var pending = ""
    var start = 0
    for (number, text) in lines {
      if pending.isEmpty { start = number }
      if text.hasSuffix("\\") {
        pending += text.dropLast() + " "
        continue
      }
      pending += text
      for words in split(words(pending)) where !words.isEmpty {
        commands.append(Command(words: words, line: start, location: "\(name):\(start)"))
      }
      pending = ""
    }
    return commands
  }

  /// The inline code spans of the prose that start with a command word.
  private static func inlineCommands(
    _ lines: [(line: Int, text: String)],
    name: String
  )
    -> [Command]
  {
    var commands: [Command] = []
    var open: (line: Int, text: String)?
    for (number, text) in lines {
      for character in text {
        if character == "`" {
          if let span = open {
            let words = words(span.text)
            if let first = words.first, commandWords.contains(first) {
              for command in split(words) where !command.isEmpty {
                commands.append(
                  Command(words: command, line: span.line, location: "\(name):\(span.line)")
                )
              }
            }
            open = nil
          } else {
            open = (number, "")
          }
        } else if open != nil {
          open!.text.append(character)
        }
      }
      // A span may continue on the next line of a paragraph, not past a blank line.
      if open != nil {
        if text.trimmingCharacters(in: .whitespaces).isEmpty {
          open = nil
        } else {
          open!.text += " "
        }
      }
    }
    return commands
  }

  /// A line split into words as a shell would: quotes group and are removed, a `#` that starts
  /// a word starts a comment, and `&&`, `||`, `|` and `;` are words of their own.
  static func words(_ line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var characters = Array(line)[...]
    while let character = characters.popFirst() {
      if let open = quote {
        if character == open { quote = nil } else { word.append(character) }
        continue
      }
      switch character {
      case "'", "\"":
        quote = character
        inWord = true
      case " ", "\t":
        if inWord { words.append(word) }
        word = ""
        inWord = false
      case "#" where !inWord:
        characters = []
      case ";", "|", "&":
        if inWord { words.append(word) }
        word = ""
        inWord = false
        if characters.first == character { characters.removeFirst() }
        words.append(";")
      default:
        word.append(character)
        inWord = true
      }
    }
    if inWord { words.append(word) }
    return words
  }

  /// Words split into commands at the separators.
  private static func split(_ words: [String]) -> [[String]] {
    words.split(separator: ";", omittingEmptySubsequences: false).map(Array.init)
  }

  /// Whether a word names a file of the clone: a relative path with a `/` (not a URL), or a
  /// name ending in a dot and letters; never an option, a placeholder, an assignment or an
  /// absolute path (`/path/to/ReSwift`, `/dev/stdin` are the reader's own).
  static func isFileName(_ word: String) -> Bool {
    guard !word.hasPrefix("-"), !word.hasPrefix("/"), !word.contains("://"), !word.contains("=")
    else { return false }
    if word.contains("/") { return true }
    guard let dot = word.lastIndex(of: "."), dot != word.startIndex else { return false }
    let suffix = word[word.index(after: dot)...]
    return !suffix.isEmpty && suffix.allSatisfy { $0.isASCII && $0.isLetter }
  }

  /// The file names the examples pass that neither exist under `root` nor were written by an
  /// earlier example (an `--output`, say). A shell variable set by an example (`W=walk.gpx`)
  /// is checked where it is set and expanded where it is used (`$W`, `${W}`).
  func missingFiles(under root: URL) -> [MissingFile] {
    var written = Set<String>()
    var missing: [MissingFile] = []
    func check(_ name: String, in command: Command) {
      guard Self.isFileName(name), !written.contains(name),
        !FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path)
      else { return }
      missing.append(MissingFile(name: name, location: command.location))
    }
    for (command, assigned) in expanded() {
      for value in assigned { check(value, in: command) }
      let program = command.words.first { Self.outputOptions[$0] != nil } ?? ""
      let outputs = Self.outputOptions[program] ?? []
      var previous = ""
      for word in command.words {
        defer { previous = word }
        // `--output=x` names `x` as `--output x` does.
        let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
        let (option, name) =
          word.hasPrefix("--") && parts.count == 2 ? (parts[0], parts[1]) : (previous, word)
        if outputs.contains(option), Self.isFileName(name) {
          written.insert(name)
        } else if !Self.nonFileOptions.contains(option) {
          check(name, in: command)
        }
      }
    }
    return missing
  }

  /// The commands as a shell runs them: the assignments that start a command (`W=walk.gpx`)
  /// taken off, and the variables set so far expanded in its words (`$W`, `${W}`).
  ///
  /// - Returns: Each command, and the values its assignments set.
  func expanded() -> [(command: Command, assigned: [String])] {
    var variables: [String: String] = [:]
    return commands.map { command in
      var words = command.words[...]
      var assigned: [String] = []
      while let assignment = words.first.flatMap(Self.assignment) {
        variables[assignment.name] = assignment.value
        assigned.append(assignment.value)
        words.removeFirst()
      }
      var expanded = command
      expanded.words = words.map { Self.expanding($0, variables) }
      return (expanded, assigned)
    }
  }

  /// Options whose values are names of other things, never files (`Europe/Helsinki` is a time
  /// zone, `Suite/test` a test `swift test` runs or skips).
  static let nonFileOptions: Set<String> = ["--timezone", "--filter", "--skip"]

  /// A shell assignment, `NAME=value`, or `nil` for any other word.
  private static func assignment(_ word: String) -> (name: String, value: String)? {
    guard let equals = word.firstIndex(of: "="), equals != word.startIndex else { return nil }
    let name = word[..<equals]
    guard name.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }),
      !name.first!.isNumber
    else { return nil }
    return (String(name), String(word[word.index(after: equals)...]))
  }

  /// A word with the variables it uses replaced by their values (those set by examples).
  private static func expanding(_ word: String, _ variables: [String: String]) -> String {
    var word = word
    // Longest names first, so that `$WALK` is not read as `$W` and `ALK`.
    for (name, value) in variables.sorted(by: { $0.key.count > $1.key.count }) {
      word = word.replacing("${\(name)}", with: value).replacing("$\(name)", with: value)
    }
    return word
  }
}
