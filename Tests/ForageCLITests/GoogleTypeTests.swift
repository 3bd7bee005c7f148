import ForageProviders
import ForageTestSupport
import Foundation
import Testing

/// With Google's Nearby Search (legacy) (`--provider google-legacy`), a `--type`
/// outside Google's list of supported types is refused before any request (64, one line
/// naming the rule and the nearest valid names): Google answers it with no places at all.
@Suite struct GoogleTypeTests {
  /// `--request-timeout 0` is refused after the type is checked: a refusal naming it shows
  /// that the type was taken, with no run.
  static func check(_ arguments: [String]) throws -> BinaryResult {
    try FinderFixtures.forage(
      [
        "run", "--track", FinderFixtures.walk.path, "--provider", "google-legacy",
        "--request-timeout", "0",
      ] + arguments
    )
  }

  /// Runs the `--keyword` advice of a refusal `message` for `type` through a POSIX shell, as a
  /// user pasting it would: the keyword it passes must be `type` itself.
  static func followKeywordAdvice(_ message: String, type: String) throws {
    let start = try #require(
      message.range(of: "use --type restaurant --keyword ", options: .backwards)
    )
    let end = message.range(of: " (see 'forage", range: start.upperBound..<message.endIndex)
    let advice = String(message[start.upperBound..<(end?.lowerBound ?? message.endIndex)])
      .trimmingCharacters(in: .newlines)
    // The shell prints the one word it reads, between brackets.
    let shell = try BuiltBinary.run(
      executable: URL(fileURLWithPath: "/bin/sh"),
      ["-c", "printf '[%s]' " + advice]
    )
    #expect(shell.stdout == "[\(type)]", "\(advice) → \(shell.stdout) \(shell.stderr)")
  }

  @Test(arguments: [
    ("sushi", "museum, spa or store;"),
    ("restaurants", "restaurant, "),
    ("Restaurant", "restaurant, "),
    ("station", "bus_station, gas_station or fire_station;"),
    ("coffee", "cafe, "),
    ("café", "cafe, "),
    ("bar ", "bar, "),
    // Table 2's types come back in answers but cannot be searched for.
    ("food", ""),
    ("point_of_interest", ""),
    ("establishment", ""),
    // A quote or a space: the advice must still be one a shell reads back (it said
    // `--keyword 'o'brien'`, an unterminated quote).
    ("o'brien", ""),
    ("thai food", ""),
  ])
  func aTypeOutsideGooglesListIsRefusedFirst(_ type: String, _ nearest: String) throws {
    for command in [["run", "--track", FinderFixtures.walk.path]] {
      for provider in [["--provider", "google-legacy"]] {
        let result = try FinderFixtures.forage(command + provider + ["--type", type])

        #expect(result.status == 64, "\(command): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(
          result.stderr.contains(
            "--type '\(type)' is not a place type Google's Nearby Search (legacy) can search for"
          ),
          "\(result.stderr)"
        )
        try Self.followKeywordAdvice(result.stderr, type: type)
        let suggested = result.stderr.components(separatedBy: "nearest: ").last ?? ""
        #expect(suggested.hasPrefix(nearest), "\(result.stderr)")
        #expect(!result.stderr.contains("in-process mock"), "\(result.stderr)")
      }
    }
  }

  /// The demo serves its places as Overpass does: a type without an OpenStreetMap tag is
  /// refused first, naming those it has.
  @Test(arguments: ["sushi", "restaurants", "food", "bar "])
  func theDemoTakesTheTypesOverpassHas(_ type: String) throws {
    let result = try FinderFixtures.forage(["demo", "--type", type])

    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(
      result.stderr.contains("use bar, cafe, fast_food, pub or restaurant"),
      "\(result.stderr)"
    )
    #expect(!result.stderr.contains("in-process mock"), "\(result.stderr)")
  }

  /// A type as long as an argument may be is refused like any other, naming the nearest of the
  /// valid types to its start.
  @Test func aHugeTypeIsRefusedInOneLine() throws {
    let type = "restaurant" + String(repeating: "x", count: 100_000)
    let result = try FinderFixtures.forage([
      "run", "--track", FinderFixtures.walk.path, "--provider", "google-legacy", "--type", type,
    ])

    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("nearest: restaurant, "), "\(result.stderr.suffix(300))")
  }

  @Test func everyTypeOfGooglesListIsTaken() throws {
    #expect(GoogleNearbySearchProvider.supportedTypes.count == 96)
    for type in GoogleNearbySearchProvider.supportedTypes.sorted() {
      let result = try Self.check(["--type", type])
      #expect(result.stderr.contains("--request-timeout must be"), "\(type): \(result.stderr)")
    }
    // A keyword search with no type is not a type search.
    let keyword = try Self.check(["--type", "", "--keyword", "sushi"])
    #expect(keyword.stderr.contains("--request-timeout must be"), "\(keyword.stderr)")
  }

  /// The rule is Google's: the other providers' types are theirs.
  @Test func otherProvidersKeepTheirOwnTypes() throws {
    for arguments in [
      ["--provider", "overpass", "--type", "pub"],
      ["--provider", "overpass", "--type", "fast_food"],
      ["--provider", "places-new", "--type", "vegan_restaurant"],
    ] {
      let result = try Self.check(arguments)
      #expect(result.stderr.contains("--request-timeout must be"), "\(arguments): \(result.stderr)")
    }
  }
}

/// `--type ''` is refused with advice that works when followed, for every provider, with and
/// without a keyword (Places API (New) was told to add a --keyword, which it then refused).
@Suite struct EmptyTypeAdviceTests {
  @Test(arguments: PlacesProviderName.allCases.map(\.rawValue), [[], ["--keyword", "pizza"]])
  func anEmptyTypeGetsAdviceThatWorks(provider: String, keyword: [String]) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 100, count: 3, in: directory).path
    let base = ["run", "--track", track, "--provider", provider]
    let refused = try FinderFixtures.forage(base + ["--type", ""] + keyword)
    // A keyword alone is a search Google's legacy API makes.
    if provider == "google-legacy", !keyword.isEmpty {
      #expect(refused.status == 0, "\(refused.stderr)")
      return
    }
    #expect(refused.status == 64)
    let line = try #require(refused.stderr.split(separator: "\n").first)
    #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
    let followed: [String]
    if line.contains("needs a --keyword") {
      followed = base + ["--type", "", "--keyword", "pizza"]
    } else {
      #expect(line.contains("such as --type restaurant"), "\(line)")
      followed = base + ["--type", "restaurant"]
    }
    let run = try FinderFixtures.forage(followed)
    #expect(run.status == 0, "\(provider) \(keyword): \(line) → \(run.stderr)")
  }
}

/// A `--type` holding a control character is refused for every provider with one line naming
/// the character, not advice quoting it in a notation no shell reads back (the legacy API's
/// advice said `--keyword 'resta\u{1}urant'`).
@Suite struct ControlCharacterTypeTests {
  @Test(
    arguments: PlacesProviderName.allCases.map(\.rawValue),
    ["resta\u{1}urant", "restaurant\n", "\u{7F}", "cafe\t", "bar\u{1B}[2J", "pub\u{85}"]
  )
  func aTypeWithAControlCharacterIsRefusedNamingIt(provider: String, type: String) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 100, count: 3, in: directory).path
    let result = try FinderFixtures.forage([
      "run", "--track", track, "--provider", provider, "--type", type,
    ])
    #expect(result.status == 64)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(result.stderr.contains("control character U+"), "\(result.stderr)")
    #expect(!result.stderr.contains("--keyword"), "\(result.stderr)")
  }
}
