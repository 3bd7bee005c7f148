import ForageLocation
import ForageTracks
import Foundation

/// A track file prepared for replay: read once end to end before anything is printed, so a
/// malformed file fails with no output, then streamed again fix by fix.
///
/// Track points are replayed; a file without any replays its route points, failing those its
/// waypoints (in file order, as Xcode plays them).
public struct ReplayTrack: Sendable {
  /// The file.
  public let url: URL
  /// The format it was read as.
  public let format: TrackFormat
  /// The reader's defect policies.
  public let options: TrackReadOptions
  /// The kind of point replayed.
  public let kind: FixKind
  /// How many fixes of that kind the replay will produce.
  public let fixCount: Int
  /// The defects the reader survived, by kind.
  public let defects: [TrackDefect.Kind: Int]
  /// The first lines (up to three) of each kind of defect, for messages.
  public let defectLines: [TrackDefect.Kind: [Int]]

  /// Reads the whole file once to check it and choose what to replay.
  ///
  /// - Parameters:
  ///   - url: The track file.
  ///   - format: The format, or `nil` to tell it from the extension or content.
  ///   - options: The reader's defect policies.
  /// - Throws: ``TrackError``: unreadable (exit 74), malformed or without a usable fix (exit 65).
  public static func prepare(
    url: URL,
    format: TrackFormat? = nil,
    options: TrackReadOptions = TrackReadOptions()
  ) throws(TrackError) -> ReplayTrack {
    let reader = try TrackReader.open(url: url, format: format, options: options)
    var counts: [FixKind: Int] = [:]
    var defects: [TrackDefect.Kind: Int] = [:]
    var defectLines: [TrackDefect.Kind: [Int]] = [:]
    while let event = try reader.next() {
      switch event {
      case .fix(let fix): counts[fix.kind, default: 0] += 1
      case .defect(let defect):
        defects[defect.kind, default: 0] += 1
        if let line = defect.line, defectLines[defect.kind, default: []].count < 3 {
          defectLines[defect.kind, default: []].append(line)
        }
      }
    }
    guard
      let kind = [FixKind.trackPoint, .routePoint, .waypoint].first(where: {
        counts[$0, default: 0] > 0
      })
    else {
      // Say why: the defects that took every point.
      let why = defects.keys.sorted().map { "\(defects[$0]!) with \($0.phrase)" }
      throw TrackError(
        .malformed,
        file: url.path,
        message: "expected at least one usable fix; the file has none"
          + (why.isEmpty ? "" : " (" + why.joined(separator: "; ") + ")")
      )
    }
    return ReplayTrack(
      url: url,
      format: reader.format,
      options: options,
      kind: kind,
      fixCount: counts[kind]!,
      defects: defects,
      defectLines: defectLines
    )
  }

  /// One line per kind of defect, for standard error: how many points had it and the first
  /// lines, such as `2 points with a time earlier than the point before it (lines 5, 9)`.
  public var defectReport: [String] {
    defects.keys.sorted().map { kind in
      let count = defects[kind]!
      let lines = defectLines[kind, default: []]
      let shown =
        lines.map(String.init).joined(separator: ", ") + (count > lines.count ? ", …" : "")
      return "\(count) \(count == 1 ? "point" : "points") with \(kind.phrase)"
        + (lines.isEmpty ? "" : " (\(lines.count == 1 && count == 1 ? "line" : "lines") \(shown))")
    }
  }

  /// Opens the file again and returns a function producing its fixes of the replayed kind, one at
  /// a time, `nil` at the end.
  public func makeFixSource() throws(TrackError) -> () throws -> Fix? {
    let reader = try TrackReader.open(url: url, format: format, options: options)
    let kind = kind
    return {
      while let event = try reader.next() {
        if case .fix(let fix) = event, fix.kind == kind { return fix }
      }
      return nil
    }
  }
}
