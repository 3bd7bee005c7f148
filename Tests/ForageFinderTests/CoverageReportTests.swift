import ForageTestSupport
import Testing

@testable import ForageFinder

/// The searched area reaches the summary only when the output draws it or a recording keeps it.
@Suite struct CoverageReportTests {
  /// An event collector that asks for the searched area, as the html map does.
  final class AreaCollector: EventWriter {
    let events = EventCollector()
    var wantsCoverage: Bool { true }
    func write(_ event: FinderEvent) throws { try events.write(event) }
    func finish() throws {}
  }

  @Test func aMapGetsTheSearchedAreaInTheSummary() async throws {
    let (finder, _) = FinderAssemblyTests.finder()
    let walk = try AssemblyFixtures.walk(fixes: 40)
    let writer = AreaCollector()

    let outcome = try await walk.replay(finder, writer: writer)

    let rings = try #require(outcome.summary.coverage).rings
    #expect(!rings.isEmpty)
    #expect(rings.allSatisfy { $0.count >= 4 && $0.first == $0.last })
    guard case .summary(let summary) = writer.events.events.last?.payload else {
      Issue.record("the last event is not the summary")
      return
    }
    #expect(summary.coverage == outcome.summary.coverage)
  }

  @Test func otherOutputsDoNotPayForIt() async throws {
    let (finder, _) = FinderAssemblyTests.finder()
    let walk = try AssemblyFixtures.walk(fixes: 40)

    let outcome = try await walk.replay(finder)

    #expect(outcome.summary.coverage == nil)
  }

  /// A replay as html draws the searched area even when the run wrote NDJSON: the recorder asks
  /// for it, after the places middleware has been set up.
  @Test func aRecordingKeepsTheSearchedAreaWhateverTheOutput() async throws {
    let recording = MemorySink()
    let (finder, _) = FinderAssemblyTests.finder(recording: recording)
    let walk = try AssemblyFixtures.walk(fixes: 40)

    let outcome = try await walk.replay(finder)

    #expect(try #require(outcome.summary.coverage).rings.isEmpty == false)
    #expect(recording.text.contains(#""action":"coverage_settled""#))
  }
}
