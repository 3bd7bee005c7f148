import ForageSupport
import ForageTestSupport
import Foundation
import Testing

/// The outputs `forage run` gave before the finder became a public assembly
/// (`Tests/Golden/golden.json`): what the default chain must still print, byte for byte.
struct GoldenOutput: Decodable, Sendable, CustomTestStringConvertible {
  /// The case's name.
  var name: String
  /// `resource:PATH` under `Resources/`, or `data:PATH` under `Tests/Data`.
  var track: String
  /// The arguments after `--track TRACK`.
  var arguments: [String]
  /// The output's size in bytes.
  var bytes: Int
  /// The output's 64-bit FNV-1a digest, in hexadecimal.
  var fnv1a64: String
  /// The whole output, under `Tests/Golden/`, when it is small enough to keep.
  var file: String?

  var testDescription: String { name }

  /// The folder of the golden files.
  static let directory = TestData.packageRoot.appendingPathComponent("Tests/Golden")

  /// Every case.
  static let all: [GoldenOutput] = {
    struct Document: Decodable { var cases: [GoldenOutput] }
    guard let data = try? Data(contentsOf: directory.appendingPathComponent("golden.json")),
      let document = try? JSONDecoder().decode(Document.self, from: data)
    else { return [] }
    return document.cases
  }()

  /// The track file, or `nil` when the case names one that is not there (the test fails).
  var trackURL: URL? {
    if track.hasPrefix("resource:") { return TestData.resource(String(track.dropFirst(9))) }
    guard track.hasPrefix("data:") else { return nil }
    return TestData.file(String(track.dropFirst(5)))
  }

  /// The kept output, if any.
  func expectedText() throws -> String? {
    try file.map {
      try String(contentsOf: Self.directory.appendingPathComponent($0), encoding: .utf8)
    }
  }

  /// The 64-bit FNV-1a digest of some bytes, as the golden file writes it.
  static func digest(_ bytes: some Sequence<UInt8>) -> String {
    var hash = FNV1a()
    hash.combine(bytes)
    return hash.hexDigits()
  }
}
