import ForageTestSupport
import Foundation
import Testing

/// Near and beyond a provider's cap the coverage cache still answers later fixes (the search
/// planner completes the disks they need from the union of the searches made), so no K warns
/// that it cannot: `forage run` says nothing about the limit, whatever the provider and K.
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
    ["--provider", "places-new", "--limit", "10"],
    ["--limit", "20"],
    ["--limit", "21"],
    ["--provider", "places-new", "--limit", "40"],
    ["--provider", "places-new", "--limit", "60"],
    ["--provider", "google-legacy", "--limit", "40"],
    ["--provider", "google-legacy", "--limit", "50"],
    ["--provider", "google-legacy", "--limit", "60"],
    ["--provider", "overpass", "--limit", "60"],
    ["--provider", "places-new", "--limit", "20", "--query-policy", "every-fix"],
  ])
  func noLimitWarnsThatTheCacheCannotHelp(_ arguments: [String]) throws {
    #expect(try Self.warnings(arguments).isEmpty)
  }
}
