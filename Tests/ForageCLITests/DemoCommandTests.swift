import ForageTestSupport
import Foundation
import Testing

/// `forage demo` tells a short story and writes a self-contained map; `--format html` draws in a
/// real browser.
@Suite struct DemoCommandTests {
  /// The place colour of the html map (`#c51b8a`).
  static let placeColour = (red: 197, green: 27, blue: 138)

  @Test func theDemoTellsAShortStoryAndWritesTheMapHere() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }

    let result = try FinderFixtures.forage(["demo"], in: directory)

    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 40, "\(result.stdout)")
    #expect(result.stdout.contains("Fixes: 3900 read"))
    #expect(result.stdout.contains("Most often the nearest along the way:"))
    #expect(result.stdout.contains("Map: forage-demo-map.html"))
    #expect(result.stdout.contains("--format table"))
    #expect(result.stdout.contains("OpenStreetMap contributors"))
    let map = directory.appendingPathComponent("forage-demo-map.html")
    let page = try String(contentsOf: map, encoding: .utf8)
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(page.contains("<path class=\"area\" d=\"M"))
    #expect(page.contains("OpenStreetMap contributors"))
    #expect(page.utf8.count < 300_000)
    for tag in page.split(separator: "<").dropFirst().map({ $0.prefix { $0 != ">" } }) {
      #expect(!tag.contains("src=") && !tag.contains("href=") && !tag.contains("http"))
    }
    // Nothing else is left behind.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path) == [map.lastPathComponent]
    )
  }

  @Test func theDemoStoryIsTheSameEveryTime() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = directory.appendingPathComponent("first.html")
    let second = directory.appendingPathComponent("second.html")

    let one = try FinderFixtures.forage(["demo", "--output", first.path])
    let two = try FinderFixtures.forage(["demo", "--output", second.path])

    #expect(one.status == 0 && two.status == 0)
    #expect(
      one.stdout.replacing(first.path, with: "MAP")
        == two.stdout.replacing(second.path, with: "MAP")
    )
    #expect(try Data(contentsOf: first) == Data(contentsOf: second))
  }

  @Test(.enabled(if: Chromium.isAvailable))
  func aBrowserDrawsTheMapWithItsPlaces() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkPrefix(600, in: directory)
    let map = directory.appendingPathComponent("map.html")
    let run = try FinderFixtures.forage([
      "run", "--track", track.path, "--format", "html", "--output", map.path,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let page = try String(contentsOf: map, encoding: .utf8)
    let places = page.components(separatedBy: "<circle class=\"place\"").count - 2
    #expect(places > 10)

    let png = directory.appendingPathComponent("map.png")
    try Chromium.screenshot(of: map, to: png, width: 1200, height: 900, in: directory)
    let colour = Self.placeColour
    let census = try PNGPixels.census(
      of: png,
      red: colour.red,
      green: colour.green,
      blue: colour.blue
    )

    #expect(census.width == 1200 && census.height == 900)
    // Not blank: land, area, track, places, text.
    #expect(census.colours > 50)
    // Each place is a disc of radius 5 map units (about 4.5 pixels here, white rim included):
    // some overlap, but eight pixels of each is the least a drawn place shows.
    #expect(census.matching > places * 8, "\(census.matching) place pixels for \(places) places")
  }
}
