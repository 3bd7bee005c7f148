import ForageHTTP
import ForageLocation
import Foundation
import InMemoryLogging
import Logging
import Testing

@testable import ForageFinder
@testable import ForageLogging

/// The logging middleware: one line per action and per effect step, levels, keys redacted.
@Suite struct LoggingMiddlewareTests {
  static let key = "AIzaSyA1234567890abcdefghijklmnopqrstu"

  /// A finder logging to memory at `level`, with a spy just before the logger.
  static func finder(level: Logger.Level) -> (Finder, InMemoryLogHandler, Log<FinderAction>) {
    let handler = InMemoryLogHandler()
    var logger = Logger(label: "test") { _ in handler }
    logger.logLevel = level
    let provider = FakePlacesProvider(world: AssemblyFixtures.world)
    var finder = Finder(
      options: AssemblyFixtures.options,
      middleware: Finder.defaultMiddleware(provider: provider, logging: .logging(logger))
    )
    let seen = Log<FinderAction>()
    finder.middleware.insert(
      FinderMiddleware("spy") { _, action, next in
        next(action)
        seen.append(action)
      },
      at: finder.middleware.count - 1
    )
    return (finder, handler, seen)
  }

  @Test func traceLogsOneLinePerActionAndPerEffectStep() async throws {
    let (finder, handler, seen) = Self.finder(level: .trace)
    _ = try await AssemblyFixtures.walk(fixes: 40, metresPerSecond: 20).replay(finder)
    let entries = handler.entries
    let effectLines = entries.filter { $0.message.description.hasPrefix("effect ") }
    let actionLines = entries.filter { !$0.message.description.hasPrefix("effect ") }
    #expect(actionLines.map(\.message.description) == seen.all.map(\.logLine))
    #expect(actionLines.map(\.level) == seen.all.map(\.logLevel))
    let started = effectLines.filter { $0.message.description.contains(" started: ") }
    let ended = effectLines.filter {
      $0.message.description.contains(" finished: ")
        || $0.message.description.contains(" cancelled: ")
    }
    #expect(!started.isEmpty)
    #expect(started.count == ended.count)
    #expect(effectLines.allSatisfy { $0.level == .debug })
    #expect(started.first?.message.description == "effect places #1 started: search fix 0")
  }

  @Test func warningLogsNothingForAnOrdinaryRun() async throws {
    let (finder, handler, seen) = Self.finder(level: .warning)
    _ = try await AssemblyFixtures.walk(fixes: 20).replay(finder)
    #expect(!seen.all.isEmpty)
    #expect(handler.entries.isEmpty)
  }

  @Test func debugLeavesOutLocationActions() async throws {
    let (finder, handler, seen) = Self.finder(level: .debug)
    _ = try await AssemblyFixtures.walk(fixes: 20).replay(finder)
    let actionLines = handler.entries.filter { !$0.message.description.hasPrefix("effect ") }
    #expect(actionLines.count == seen.all.filter { $0.logLevel >= .debug }.count)
    #expect(!actionLines.contains { $0.message.description.hasPrefix("location ") })
  }

  @Test func keysAreRedacted() async throws {
    var (finder, handler, _) = Self.finder(level: .trace)
    // A failure whose message carries a key, as a careless provider might write it.
    finder.middleware.insert(
      FinderMiddleware("leaky") { context, action, next in
        next(action)
        guard case .location(.fixReceived(index: 0, _, _), _) = action else { return }
        context.dispatch(
          .placesFailed(
            PlacesFailure(
              fixIndex: 0,
              kind: "transport",
              message: "GET https://maps.example/json?location=1,2&key=\(Self.key) failed\n"
                + "X-Goog-Api-Key: \(Self.key)",
              isRetrying: true,
              isFatal: false
            )
          )
        )
      },
      at: 0
    )
    _ = try await AssemblyFixtures.walk(fixes: 3).replay(finder)
    let failures = handler.entries.filter { $0.message.description.hasPrefix("placesFailed") }
    #expect(failures.count == 1)
    #expect(failures.first?.level == .notice)
    #expect(failures.first?.message.description.contains(Redaction.placeholder) == true)
    #expect(!handler.entries.contains { $0.message.description.contains(Self.key) })
    #expect(!handler.entries.contains { $0.message.description.contains("\n") })
  }
}
