import ForageTestSupport
import Foundation
import Testing

/// `make demo`'s first screen reads clean: nothing on standard error but the wall time, one
/// notice for the one source of its places, and a suggested command that runs as printed from
/// the folder it was printed in, however forage was started.
@Suite struct DemoFirstScreenTests {
  /// The line that suggests every fix's answer, without its indentation.
  static func suggestion(_ stdout: String) throws -> String {
    let lines = stdout.split(separator: "\n")
    let heading = try #require(lines.firstIndex(of: "Every fix's answer, as a table:"))
    return lines[heading + 1].trimmingCharacters(in: .whitespaces)
  }

  @Test func theDemoSaysNothingElseOnStandardErrorAndNamesItsSourceOnce() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }

    let demo = try FinderFixtures.forage(["demo"], in: directory)

    #expect(demo.status == 0)
    let errors = demo.stderr.split(separator: "\n")
    #expect(errors.count == 1 && errors[0].hasPrefix("took "), "\(demo.stderr)")
    let notices = demo.stdout.split(separator: "\n").filter { $0.hasPrefix("Places data: ") }
    #expect(
      notices == [
        "Places data: © OpenStreetMap contributors, ODbL 1.0, "
          + "https://www.openstreetmap.org/copyright"
      ],
      "\(demo.stdout)"
    )
  }

  /// Started by a path, relative or absolute and needing quotes, the demo suggests that path;
  /// found on `PATH`, `forage`. Each suggestion runs as printed, from the same folder.
  @Test(arguments: ["relative", "absolute", "PATH"])
  func theSuggestedCommandRunsAsPrinted(_ how: String) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = directory.appendingPathComponent("it's a $build")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("forage"),
      withDestinationURL: BuiltBinary.url("forage")
    )
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let (start, expected, environment): (String, String, [String: String]) =
      switch how {
      case "relative":
        (#"'./it'\''s a $build/forage'"#, #"'./it'\''s a $build/forage'"#, [:])
      case "absolute":
        (
          "'\(folder.path)/forage'".replacing("'s", with: #"'\''s"#),
          "'\(folder.path)/forage'".replacing("'s", with: #"'\''s"#), [:]
        )
      default:
        ("forage", "forage", ["PATH": folder.path + ":" + path])
      }

    let demo = try FinderFixtures.shell(start + " demo", in: directory, environment: environment)

    #expect(demo.status == 0, "\(demo.stderr)")
    let suggestion = try Self.suggestion(demo.stdout)
    #expect(
      suggestion == "\(expected) demo --print-track | \(expected) run --track - "
        + "--provider overpass --timezone Europe/Helsinki --format table"
    )
    let table = try FinderFixtures.shell(suggestion, in: directory, environment: environment)
    #expect(table.status == 0, "\(table.stderr)")
    #expect(table.stdout.contains("places data: © OpenStreetMap contributors"))
    #expect(!table.stderr.contains("warning:"), "\(table.stderr)")
  }
}
