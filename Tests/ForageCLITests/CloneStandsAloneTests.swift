import ForageTestSupport
import Foundation
import Testing

/// A clone's tests need nothing beside it: no test, script or make target reads the shared
/// corpora outside the repository, and the real ones the tests read are here with their licences.
@Suite struct CloneStandsAloneTests {
  /// The folder beside a checkout that CI machines have and users' clones do not, spelt in
  /// pieces so that this file does not name it.
  static let outside = ["../" + "shared", "shared" + "/data"]

  @Test func noTestScriptOrMakeTargetReadsOutsideTheRepository() throws {
    let root = TestData.packageRoot
    var checked = 0
    var offenders: [String] = []
    let roots = ["Tests", "Mocks/Tests", ".ci"].map { root.appendingPathComponent($0) }
    for folder in roots {
      guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
      else { continue }
      for case let url as URL in walker {
        if url.lastPathComponent == ".build" || url.lastPathComponent == "Data" {
          walker.skipDescendants()
          continue
        }
        guard
          ["swift", "py", "sh", ""].contains(url.pathExtension) || url.lastPathComponent == "run",
          let text = try? String(contentsOf: url, encoding: .utf8)
        else { continue }
        checked += 1
        if Self.outside.contains(where: text.contains) { offenders.append(url.path) }
      }
    }
    for file in ["Makefile", "Package.swift"] {
      let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
      checked += 1
      if Self.outside.contains(where: text.contains) { offenders.append(file) }
    }
    #expect(checked > 100)
    #expect(offenders == [])
  }

  @Test func theRealCorporaAreHereWithTheirLicences() {
    for file in [
      "tracks/gpx/LICENSE.txt", "tracks/gpx/NOTICE.txt", "tracks/nmea/COPYING",
      "tracks/gpx/cerknicko-jezero.gpx", "tracks/gpx/korita-zbevnica.gpx",
      "tracks/nmea/ublox-8.log",
      "README.md",
    ] {
      #expect(TestData.file(file) != nil, "Tests/Data/\(file) is missing")
    }
    #expect(FileManager.default.fileExists(atPath: TestData.helsinkiPlaces.path))
  }

  @Test func everyGoldenCaseHasItsTrack() {
    #expect(!GoldenOutput.all.isEmpty)
    for golden in GoldenOutput.all {
      #expect(golden.trackURL != nil, "\(golden.name): \(golden.track)")
    }
  }
}
