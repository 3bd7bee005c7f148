import ForageFinder
import Foundation

/// A generated track file, removed on release (a replay reads the file again while it runs).
public final class WalkFile: Sendable {
  /// The prepared track.
  public let track: ReplayTrack

  public init(url: URL) throws {
    do {
      track = try ReplayTrack.prepare(url: url)
    } catch {
      try? FileManager.default.removeItem(at: url)
      throw error
    }
  }

  deinit { try? FileManager.default.removeItem(at: track.url) }

  /// Runs a finder over this track; the file lives at least as long as the run.
  public func replay(
    _ finder: Finder,
    writer: any EventWriter = EventCollector()
  ) async throws -> FinderOutcome {
    try await finder.run(track: track, writer: writer)
  }
}
