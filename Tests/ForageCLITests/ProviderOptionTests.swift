import ForageTestSupport
import Foundation
import Testing

/// `--provider`, `--api-base` and `--limit` as a new key's user meets them: Places API (New) is
/// the default, the legacy API is `google-legacy`, and every other spelling is one line and
/// exit 64 naming what to write.
@Suite struct ProviderOptionTests {
  /// `--request-timeout 0` is refused after the provider's checks: a refusal naming it shows
  /// that everything before it was taken, with no run.
  static func check(
    _ arguments: [String],
    environment: [String: String] = [:]
  ) throws
    -> BinaryResult
  {
    try FinderFixtures.forage(
      ["run", "--track", FinderFixtures.walk.path] + arguments + ["--request-timeout", "0"],
      environment: environment
    )
  }

  static func expectRefused(_ result: BinaryResult, _ message: String, _ context: String) {
    #expect(result.status == 64, "\(context): \(result.stderr)")
    #expect(result.stdout.isEmpty, "\(context)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(context): \(result.stderr)")
    #expect(result.stderr.contains(message), "\(context): \(result.stderr)")
  }

  @Test(arguments: ["places-new", "google-legacy", "overpass"])
  func everyProviderIsTakenByItsName(_ name: String) throws {
    let result = try Self.check(["--provider", name])
    #expect(result.stderr.contains("--request-timeout must be"), "\(name): \(result.stderr)")
  }

  /// The old name of the legacy API is refused with the line its users need.
  @Test func theOldNameGoogleNamesGoogleLegacy() throws {
    let result = try Self.check(["--provider", "google"])
    Self.expectRefused(result, "--provider google is now named google-legacy", "google")
    #expect(result.stderr.contains("use --provider google-legacy"))
  }

  /// Every other spelling: case, spaces, underscores, empty, a control character, unicode, a
  /// huge value; each one line naming the nearest provider and the list.
  @Test(arguments: [
    ("Places-New", "did you mean 'places-new'?"), ("PLACES-NEW", "did you mean 'places-new'?"),
    ("places_new", "did you mean 'places-new'?"), (" places-new", "did you mean 'places-new'?"),
    ("places-new ", "did you mean 'places-new'?"),
    ("google_legacy", "did you mean 'google-legacy'?"),
    ("Google", "did you mean 'google-legacy'?"), ("legacy", "did you mean 'google-legacy'?"),
    ("OVERPASS", "did you mean 'overpass'?"),
    ("", "(providers: places-new, google-legacy or overpass)"),
    ("over\u{1B}[31mpass", "(providers: places-new, google-legacy or overpass)"),
    ("placés-new", "did you mean 'places-new'?"),
    (String(repeating: "p", count: 100_000), "(providers: places-new, google-legacy or overpass)"),
  ])
  func anyOtherSpellingIsOneLineNamingTheNearest(_ name: String, _ message: String) throws {
    let result = try Self.check(["--provider", name])
    Self.expectRefused(result, message, "'\(name.prefix(40))'")
    #expect(!result.stderr.contains("\u{1B}"), "a control character reached the terminal")
    #expect(result.stderr.utf8.count < 1000, "\(result.stderr.prefix(200))")
  }

  /// A repeated option takes its last value, as every forage option does.
  @Test func theLastOfRepeatedOptionsCounts() throws {
    let provider = try Self.check(["--provider", "google", "--provider", "overpass"])
    #expect(provider.stderr.contains("--request-timeout must be"), "\(provider.stderr)")
    let fields = try Self.check(["--fields", "pro", "--fields", "all", "--open"])
    #expect(fields.stderr.contains("--request-timeout must be"), "\(fields.stderr)")
    let refused = try Self.check(["--fields", "all", "--fields", "pro", "--open"])
    Self.expectRefused(refused, "--fields pro leaves out opening hours", "last --fields pro")
  }

  @Test(arguments: ["", "PRO", "Pro", "pro ", "enterprise", "none", "all,pro"])
  func fieldsTakesOnlyAllOrPro(_ value: String) throws {
    let result = try Self.check(["--fields", value])
    Self.expectRefused(result, "--fields", "'\(value)'")
    #expect(result.stderr.contains("'all' and 'pro'"), "\(result.stderr)")
  }

  /// `--api-base` naming Google's Places (New) host needs nothing else but a key; naming the
  /// other provider's public host is refused with the provider to give, however the URL is
  /// spelt (case, trailing slashes, a path, a port).
  @Test(arguments: [
    "https://places.googleapis.com", "https://places.googleapis.com/",
    "https://PLACES.googleapis.com//", "https://places.googleapis.com:443",
    "https://places.googleapis.com/prefix/",
  ])
  func placesNewsHostAloneAsksOnlyForAKey(_ base: String) throws {
    let missing = try Self.check(["--api-base", base], environment: ["PLACES_API_KEY": ""])
    Self.expectRefused(missing, "needs an API key: set the environment variable", base)
    let keyed = try Self.check(["--api-base", base], environment: ["PLACES_API_KEY": "k"])
    #expect(keyed.stderr.contains("--request-timeout must be"), "\(base): \(keyed.stderr)")
  }

  @Test(arguments: [
    ([String](), "https://maps.googleapis.com", "use --provider google-legacy"),
    ([], "https://MAPS.googleapis.com/maps/", "use --provider google-legacy"),
    ([], "https://overpass-api.de/", "use --provider overpass"),
    (
      ["--provider", "google-legacy"], "https://places.googleapis.com", "use --provider places-new"
    ),
    (["--provider", "overpass"], "https://maps.googleapis.com/", "use --provider google-legacy"),
  ])
  func anotherProvidersHostIsRefusedNamingIt(
    _ options: [String],
    _ base: String,
    _ message: String
  ) throws {
    let result = try Self.check(
      options + ["--api-base", base],
      environment: ["PLACES_API_KEY": "k"]
    )
    Self.expectRefused(result, message, "\(options) \(base)")
    #expect(result.stderr.contains("serves"), "\(result.stderr)")
  }

  /// Credentials in `--api-base` are refused as before, and never echoed, with the default
  /// provider too.
  @Test func credentialsInTheBaseAreNeverEchoed() throws {
    for base in [
      "https://alice:pa55word@places.googleapis.com", "http://alice:pa55word@example.invalid/",
    ] {
      let result = try Self.check(["--api-base", base], environment: ["PLACES_API_KEY": "k"])
      #expect(result.status == 64, "\(base): \(result.stderr)")
      #expect(!result.stderr.contains("pa55word"), "\(result.stderr)")
    }
  }

  /// `--limit` goes to 60 with every provider, Places API (New) included; beyond, one line.
  @Test func theLimitIsOneCapForEveryProvider() throws {
    for provider in ["places-new", "google-legacy", "overpass"] {
      let sixty = try Self.check(["--provider", provider, "--limit", "60"])
      #expect(sixty.stderr.contains("--request-timeout must be"), "\(provider): \(sixty.stderr)")
      let more = try Self.check(["--provider", provider, "--limit", "61"])
      Self.expectRefused(more, "--limit must be at most 60", provider)
    }
  }

  /// The default speaks the Places API (New) wire: a local mock serving both sees only its
  /// requests, and the run's bill is Places API (New)'s.
  @Test func theDefaultSpeaksPlacesNew() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 20, count: 20, in: directory)
    let server = try MockPlacesProcess(dataset: FinderFixtures.helsinkiPlaces)
    defer { server.stop() }
    let result = try FinderFixtures.forage([
      "run", "--track", track.path, "--api-base", server.url.absoluteString,
      "--network-time", "virtual", "--log-level", "debug",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(#""requests_by_sku":{"nearby_search_enterprise":"#))
    #expect(!result.stderr.contains("nearbysearch/json"), "\(result.stderr.prefix(800))")
  }

  /// K beyond Places API (New)'s cap of 20 is answered exactly: every answer is the oracle's.
  @Test
  func placesNewBeyondItsCapMatchesTheOracle() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 10, count: 200, in: directory)
    let output = try FinderFixtures.run([
      "--track", track.path, "--provider", "places-new", "--limit", "40",
    ])
    let oracle = try FinderOracle(dataset: FinderFixtures.helsinkiPlaces, limit: 40)
    #expect(output.answeredFixes == Array(0..<200))
    let mismatches = try oracle.mismatches(in: output)
    #expect(mismatches.isEmpty, "\(mismatches.count) wrong answers: \(mismatches.prefix(3))")
  }
}
