import BenchmarkSupport
import ForageFinder
import ForageGeodesy
import ForagePlaceDataset
import ForageSupport
import Foundation
import MockPlaces

/// One replay of a walk through the finder against a fresh in-process mock, in virtual time.
struct CoverageRun {
  /// One fix's answer: where it was asked, and the ids of the places, nearest first.
  struct Answer {
    var position: Coordinate
    var ids: [String]
  }

  /// Collects every `places` event's answer, and tells standard error of every `error` event
  /// (a fix left unanswered shows in the fixes column; this says why).
  final class Collector: EventWriter {
    var answers: [Int: Answer] = [:]

    func write(_ event: FinderEvent) throws {
      if case .error(let kind, let message, _) = event.payload {
        FileHandle.standardError.write(Data("CoverageBenchmark: \(kind): \(message)\n".utf8))
      }
      guard
        case .places(let fixIndex, let latitude, let longitude, _, _, let places) = event.payload
      else { return }
      answers[fixIndex] = Answer(
        position: try Coordinate(latitude: latitude, longitude: longitude),
        ids: places.map(\.id)
      )
    }

    func finish() throws {}
  }

  /// The answers in fix order.
  var answers: [Answer]
  /// HTTP requests sent, pages included.
  var requests: Int
  /// Seconds of wall time.
  var wall: Double

  /// Replays `track` with `policy` and `query` against `dataset` served by the mock as
  /// `provider`.
  static func measure(
    track url: URL,
    dataset: PlaceDataset,
    provider: PlacesBackend.ProviderName = .googleLegacy,
    query: PlacesQuery = PlacesQuery(),
    policy: QueryPolicy = .coverage
  ) async throws -> CoverageRun {
    let backend = try PlacesBackend.mock(serving: dataset, as: provider)
    let finder = Finder(
      options: FinderOptions(query: query, policy: policy),
      middleware: Finder.defaultMiddleware(
        places: .places(
          backend.provider,
          requestCount: { backend.requestCount },
          api: "mock"
        )
      )
    )
    let collector = Collector()
    let started = ContinuousClock.now
    let outcome = try await finder.run(track: try ReplayTrack.prepare(url: url), writer: collector)
    let wall = (ContinuousClock.now - started).seconds
    if let failure = outcome.fatalFailure { throw BenchmarkError(failure.message) }
    return CoverageRun(
      answers: collector.answers.keys.sorted().map { collector.answers[$0]! },
      requests: outcome.summary.requests,
      wall: wall
    )
  }
}

/// Writes a line to standard output at once (unbuffered, so a long run shows each row as it
/// is measured).
func emit(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// A number with `digits` decimals.
func format(_ value: Double, _ digits: Int) -> String {
  String(format: "%.\(digits)f", value)
}
