import ForageTestSupport
import Foundation
import Testing

/// `forage watch` in a real terminal (tmux): it draws the nearest places of the walk as it
/// goes, follows the window's size, leaves on q with the terminal put back and the summary
/// printed, and puts the terminal back on signals too; without a terminal it draws nothing.
@Suite struct WatchCommandTests {
  /// The forage binary the tests run.
  static let forage = BuiltBinary.url("forage").path

  /// A folder with a short walk: every 10th point of the bundled walk, 200 fixes 10 s apart.
  static func walkFolder() throws -> (folder: URL, track: String) {
    let folder = try FinderFixtures.temporaryDirectory()
    let track = try FinderFixtures.walkSample(every: 10, count: 200, in: folder)
    return (folder, track.lastPathComponent)
  }

  /// The answered fix and the place names of a screen's table, if it shows one.
  static func table(_ lines: [String]) -> (fix: Int, rows: [String])? {
    guard let heading = lines.firstIndex(where: { $0.contains("NEAREST") }),
      let fixWord = lines[heading].range(of: "· fix ")
    else { return nil }
    let digits = lines[heading][fixWord.upperBound...].prefix { $0.isNumber }
    guard let fix = Int(digits) else { return nil }
    let rows = lines[(heading + 1)...].prefix { $0.count > 4 && $0.first == " " }
      .filter { $0.dropFirst(2).first != "-" }
    return (fix, rows.map { String($0.dropFirst(4)) })
  }

  /// `forage run`'s answer for every fix of the same walk, the oracle of the screen's table.
  static func answers(track: String, in folder: URL) throws -> [Int: [String]] {
    let output = try FinderFixtures.run([
      "--track", folder.appendingPathComponent(track).path, "--limit", "8",
    ])
    var answers: [Int: [String]] = [:]
    for event in output.named("places") {
      guard let fix = event.fixIndex else { continue }
      answers[fix] = (event.places ?? []).map { $0.name ?? "(no name)" }
    }
    return answers
  }

  /// Checks that a screen's rows are the answer for its fix, nearest first.
  static func expectTable(_ lines: [String], _ answers: [Int: [String]]) throws -> (Int, [String]) {
    let table = try #require(Self.table(lines))
    let names = try #require(answers[table.fix], "no answer for fix \(table.fix)")
    #expect(!table.rows.isEmpty)
    for (row, name) in zip(table.rows, names) where name.count < 40 {
      #expect(row.hasPrefix(name), "fix \(table.fix): \(row) is not \(name)")
    }
    return (table.fix, Array(names.prefix(table.rows.count)))
  }

  @Test func drawsTheWalkFollowsTheSizeAndLeavesOnQ() throws {
    let (folder, track) = try Self.walkFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let answers = try Self.answers(track: track, in: folder)
    let pane = try TmuxPane(
      "\(Self.forage) watch --track \(track) --speed 200 --limit 8",
      in: folder
    )
    defer { pane.close() }

    let first = try pane.waitFor("a table") { (Self.table($0)?.fix ?? -1) >= 3 }
    #expect(first.first?.contains("forage watch · track \(track) · ×200") == true)
    let (fix, names) = try Self.expectTable(first, answers)
    // Further along the walk, other places are the nearest.
    let later = try pane.waitFor("the walk to go on") {
      guard let table = Self.table($0), table.fix >= fix + 15 else { return false }
      return answers[table.fix].map { Array($0.prefix(names.count)) != names } ?? false
    }
    let (_, laterNames) = try Self.expectTable(later, answers)
    #expect(laterNames != names)
    #expect(try pane.format("#{alternate_on}") == "1")

    // A smaller window: fewer places, no type column, nothing past the width.
    try pane.resize(width: 48, height: 12)
    // The whole small frame: a capture can land between the heading's redraw and the rows'.
    let small = try pane.waitFor("the small layout") { lines in
      lines.contains { $0.contains("NEAREST") } && !lines.contains { $0.contains("TYPE") }
        && lines.contains { $0.contains("q: leave") } && (Self.table(lines)?.rows.count ?? 8) < 8
    }
    #expect(small.allSatisfy { $0.count <= 48 })
    #expect((Self.table(small)?.rows.count ?? 0) < 8)

    try pane.send("q")
    let after = try pane.waitFor("the exit") { $0.contains("EXIT=0") }
    #expect(after.contains("TTY=same"))
    #expect(after.contains { $0.hasPrefix("fixes ") && $0.contains("answers") })
    #expect(!after.contains { $0.contains("forage watch ·") })
    #expect(try pane.format("#{alternate_on} #{cursor_flag}") == "0 1")
  }

  @Test(arguments: [(SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")])
  func signalsPutTheTerminalBack(_ signal: Int32, _ name: String) throws {
    let (folder, track) = try Self.walkFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pane = try TmuxPane("\(Self.forage) watch --track \(track)", in: folder)
    defer { pane.close() }
    _ = try pane.waitFor("the view") { $0.contains { $0.contains("NEAREST") } }
    let pid = try #require(try pane.programPID())
    kill(pid, signal)
    let after = try pane.waitFor("the exit after \(name)") { $0.contains { $0.hasPrefix("EXIT=") } }
    #expect(after.contains("EXIT=\(128 + signal)"))
    #expect(after.contains("TTY=same"))
    #expect(try pane.format("#{alternate_on} #{cursor_flag}") == "0 1")
  }

  @Test func refusesADumbTerminalAndHonoursNoColor() throws {
    let (folder, track) = try Self.walkFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let dumb = try TmuxPane("TERM=dumb \(Self.forage) watch --track \(track)", in: folder)
    defer { dumb.close() }
    let refused = try dumb.waitFor("the refusal") { $0.contains { $0.hasPrefix("EXIT=") } }
    #expect(refused.contains("EXIT=64"))
    #expect(refused.joined().contains("forage run --format table"))

    let plain = try TmuxPane(
      "NO_COLOR=1 \(Self.forage) watch --track \(track) --speed 100",
      in: folder
    )
    defer { plain.close() }
    _ = try plain.waitFor("the view") { (Self.table($0)?.fix ?? -1) >= 1 }
    let escaped = try plain.screen(escapes: true).joined()
    #expect(!escaped.contains("[31m") && !escaped.contains("[32m") && !escaped.contains(";32m"))
    try plain.send("C-c")
    _ = try plain.waitFor("the exit") { $0.contains("EXIT=0") }
  }

  @Test func drawsNothingWithoutATerminal() throws {
    let (folder, track) = try Self.walkFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try FinderFixtures.forage(["watch", "--track", track], in: folder)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("standard output is not"))
    #expect(result.stderr.contains("forage run --format table"))
    #expect(result.stderr.split(separator: "\n").count == 1)

    // Standard output is the screen: no recording goes there.
    let recorded = try FinderFixtures.forage(
      ["watch", "--track", track, "--record", "-"],
      in: folder
    )
    #expect(recorded.status == 64)
    #expect(recorded.stdout.isEmpty)
    #expect(recorded.stderr.contains("--record -"))
  }
}
