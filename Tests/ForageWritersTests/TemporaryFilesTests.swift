import Foundation
import Testing

@testable import ForageFinder
@testable import ForageWriters

/// A signal handler's clean-up: it removes the temporary files open so far, and no sink can
/// create one after it ran (the race that once left `.run.recording.*.tmp` behind: a file
/// created between the handler's removal and the exit).
@Suite struct TemporaryFilesTests {
  static func directory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "forage-temporary-\(UUID().uuidString)"
    )
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test func removeAllRemovesOpenFilesAndRefusesNewOnes() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let registry = TemporaryFiles()
    let open = try AtomicFileSink(
      destination: directory.appendingPathComponent("a.ndjson"),
      temporaryFiles: registry
    )
    try open.write("partial")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1)

    registry.removeAll()
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    #expect(throws: OutputError.self) {
      _ = try AtomicFileSink(
        destination: directory.appendingPathComponent("b.ndjson"),
        temporaryFiles: registry
      )
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
  }

  @Test func aCommittedFileIsNoLongerNoted() throws {
    let directory = try Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let registry = TemporaryFiles()
    let destination = directory.appendingPathComponent("c.ndjson")
    let sink = try AtomicFileSink(destination: destination, temporaryFiles: registry)
    try sink.write("done\n")
    try sink.commit()
    registry.removeAll()
    #expect(try String(contentsOf: destination, encoding: .utf8) == "done\n")
  }
}
