import ForageTestSupport
import Foundation
import Testing

/// A mistyped option is the likeliest usage error; every command names the option meant,
/// whichever of its own checks fails first (a required option "missing" because it was
/// misspelt).
@Suite struct OptionTypoTests {
  /// The long options a command's help lists.
  static func options(of command: [String], in binary: String = "forage") throws -> [String] {
    let help = try BuiltBinary.run(binary, command + ["--help"])
    // Lines that declare an option (`  --radius <m>`, `  -h, --help`), not prose that names one.
    let options = help.stdout.split(separator: "\n").drop { !$0.hasPrefix("OPTIONS:") }
    let declared = options.compactMap { line -> String? in
      let words = line.split(separator: " ")
      return words.first { $0.hasPrefix("--") }.flatMap { word in
        // Declarations are indented two spaces; wrapped help text further.
        line.hasPrefix("  -") ? String(word) : nil
      }
    }
    return Set(declared.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) })
      .subtracting(["--help", "--version"]).sorted()
  }

  /// Each of forage's commands, and the mock server's own command line.
  @Test(arguments: [
    ("forage", ["run"]), ("forage", ["demo"]), ("forage", ["validate"]), ("forage", ["nearby"]),
    ("forage", ["replay"]), ("mock-places", []),
  ])
  func everyOptionMistypedIsNamed(binary: String, command: [String]) throws {
    let options = try Self.options(of: command, in: binary)
    #expect(options.count >= 3, "\(options)")
    for option in options {
      // The option with one letter dropped from its middle: one edit away.
      var letters = Array(option)
      letters.remove(at: 2 + (letters.count - 2) / 2)
      let typo = String(letters)
      guard !options.contains(typo) else { continue }
      let result = try BuiltBinary.run(binary, command + [typo, "1"])
      #expect(result.status == 64, "\(command) \(typo): \(result.stderr)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
      #expect(
        result.stderr.lowercased().contains("'\(typo)'")
          && result.stderr.lowercased().contains("did you mean '--"),
        "\(command) \(typo): \(result.stderr)"
      )
      // The nearest option, when it is the only one that near, is the one meant.
      let near = options.filter { Self.edits($0, typo) == 1 }
      if near == [option] {
        #expect(result.stderr.contains("'\(option)'"), "\(command) \(typo): \(result.stderr)")
      }
    }
  }

  /// A mistyped command is named, with the one meant, in one line.
  @Test(arguments: [
    ("nearbyy", "nearby"), ("rn", "run"), ("replya", "replay"), ("valdate", "validate"),
  ])
  func aMistypedCommandIsNamed(typo: String, meant: String) throws {
    let result = try FinderFixtures.forage([typo, "--places", "x"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.hasPrefix(
        "forage: '\(typo)' is not a forage command; did you mean '\(meant)'?"
      ),
      "\(result.stderr)"
    )
    #expect(result.stderr.filter { $0 == "\n" }.count == 1)
  }

  /// The Levenshtein distance, written again here so the test does not trust the code's own.
  static func edits(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var row = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var next = [i] + Array(repeating: 0, count: b.count)
      for j in 1...max(b.count, 1) where !b.isEmpty {
        next[j] = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      row = next
    }
    return row[b.count]
  }
}
