import ForageTestSupport
import Foundation
import Testing

/// A K at or near the provider's cap leaves the coverage cache nothing to answer later fixes
/// with: `forage run` says so once on standard error, naming the limit that lets it help, and
/// says nothing where the cache helps or is not used.
@Suite struct CacheLimitWarningTests {
  /// The warning lines of a run of the walk's first fixes with these extra arguments.
  static func warnings(_ extra: [String]) throws -> [String] {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(20, in: directory)
    let result = try FinderFixtures.forage(["run", "--track", track.path] + extra)
    #expect(result.status == 0, "\(result.stderr)")
    return result.stderr.split(separator: "\n").map(String.init).filter {
      $0.hasPrefix("forage: warning: with --limit")
    }
  }

  @Test(arguments: [
    (
      ["--provider", "places-new", "--limit", "40"],
      "forage: warning: with --limit 40, Places API (New) returns at most 20 places a request, so the "
        + "cache cannot answer later fixes; --limit 20 or less lets it"
    ),
    (
      ["--provider", "google-legacy", "--limit", "50"],
      "forage: warning: with --limit 50, Nearby Search (legacy) returns at most 60 places a search "
        + "(3 requests of 20), so the cache can seldom answer later fixes; --limit 40 or less "
        + "lets it"
    ),
  ])
  func nearTheCapARunSaysSoOnceWithTheLimitThatHelps(_ arguments: [String], line: String) throws {
    #expect(try Self.warnings(arguments) == [line])
  }

  @Test(arguments: [
    ["--provider", "places-new", "--limit", "10"],
    ["--limit", "20"],
    ["--provider", "google-legacy", "--limit", "40"],
    ["--provider", "overpass", "--limit", "60"],
    ["--provider", "places-new", "--limit", "20", "--query-policy", "every-fix"],
  ])
  func whereTheCacheHelpsOrIsNotUsedNothingIsSaid(_ arguments: [String]) throws {
    #expect(try Self.warnings(arguments).isEmpty)
  }
}
