import ForageTestSupport
import Foundation
import Testing

/// The README's screenshot of the demo's map shows what `forage demo` draws today: `make
/// screenshot` stamps the PNG with what the map says (`Resources/tools/demo_screenshot.py`),
/// and a fresh demo must say the same. No browser is needed to check it.
@Suite struct ScreenshotTests {
  static let screenshot = TestData.resource("screenshots/demo-map.png")
  static let tool = TestData.resource("tools/demo_screenshot.py")

  /// Runs the screenshot tool with python3.
  static func tool(_ arguments: [String]) throws -> BinaryResult {
    try BuiltBinary.run(
      executable: URL(fileURLWithPath: "/usr/bin/python3"),
      [tool.path] + arguments
    )
  }

  @Test func theReadmeScreenshotShowsWhatTheDemoDrawsToday() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let map = directory.appendingPathComponent("map.html")
    let demo = try FinderFixtures.forage(["demo", "--output", map.path])
    #expect(demo.status == 0, "\(demo.stderr)")

    let check = try Self.tool(["check", map.path, Self.screenshot.path])

    #expect(check.status == 0, "\(check.stderr)")
    let readme = try String(
      contentsOf: TestData.packageRoot.appendingPathComponent("README.md"),
      encoding: .utf8
    )
    #expect(readme.contains("](Resources/screenshots/demo-map.png)"))
  }

  /// The check is not vacuous: a screenshot stamped from another run, or not stamped at all,
  /// is stale, and the message says what it shows and what to run.
  @Test func aScreenshotOfAnotherRunIsStale() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let demoMap = directory.appendingPathComponent("demo.html")
    let otherMap = directory.appendingPathComponent("other.html")
    let track = try FinderFixtures.walkPrefix(300, in: directory)
    #expect(try FinderFixtures.forage(["demo", "--output", demoMap.path]).status == 0)
    let other = try FinderFixtures.forage([
      "run", "--track", track.path, "--format", "html", "--output", otherMap.path,
    ])
    #expect(other.status == 0, "\(other.stderr)")
    let stamped = directory.appendingPathComponent("stamped.png")
    let stamp = try Self.tool(["stamp", otherMap.path, Self.screenshot.path, stamped.path])
    #expect(stamp.status == 0, "\(stamp.stderr)")
    let bare = directory.appendingPathComponent("bare.png")
    try Self.unstamped(Self.screenshot, to: bare)

    let stale = try Self.tool(["check", demoMap.path, stamped.path])
    let unstamped = try Self.tool(["check", demoMap.path, bare.path])
    let same = try Self.tool(["check", otherMap.path, stamped.path])

    #expect(stale.status == 1)
    #expect(stale.stderr.contains("is stale: it shows \"300 fixes"), "\(stale.stderr)")
    #expect(stale.stderr.contains("run `make screenshot`"))
    #expect(stale.stderr.split(separator: "\n").count == 1)
    #expect(unstamped.status == 1)
    #expect(unstamped.stderr.contains("records no map"), "\(unstamped.stderr)")
    #expect(same.status == 0, "\(same.stderr)")
  }

  /// Copies a PNG without its text chunks.
  static func unstamped(_ png: URL, to copy: URL) throws {
    let data = [UInt8](try Data(contentsOf: png))
    var kept = Array(data[0..<8])
    var position = 8
    while position + 8 <= data.count {
      let length = data[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
      let kind = String(decoding: data[position + 4..<position + 8], as: UTF8.self)
      let end = position + 12 + length
      if kind != "tEXt" { kept += data[position..<end] }
      position = end
    }
    try Data(kept).write(to: copy)
  }
}
