import ForageLocation
import ForageSupport
import ForageTracks
import Foundation

/// A track file prepared for replay: read once end to end before anything is printed, so a
/// malformed file fails with no output, then streamed again fix by fix.
///
/// A track that cannot be read twice (standard input as `-`, a pipe, a FIFO, a device) is read
/// once into memory and replayed from there.
///
/// Track points are replayed; a file without any replays its route points, failing those its
/// waypoints (in file order, as Xcode plays them).
public struct ReplayTrack: Sendable {
  /// The file.
  public let url: URL
  /// The file as named on the command line (`-` for standard input).
  public let path: String
  /// The format it was read as.
  public let format: TrackFormat
  /// The reader's defect policies.
  public let options: TrackReadOptions
  /// The kind of point replayed.
  public let kind: FixKind
  /// How many fixes of that kind the replay will produce.
  public let fixCount: Int
  /// The content, when the track could be read only once (a pipe); `nil` for a regular file.
  private let bytes: [UInt8]?
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
  /// - Throws: `TrackError`: unreadable (exit 74), malformed or without a usable fix (exit 65).
  public static func prepare(
    url: URL,
    format: TrackFormat? = nil,
    options: TrackReadOptions = TrackReadOptions()
  ) throws(TrackError) -> ReplayTrack {
    try prepare(path: url.path, format: format, options: options)
  }

  /// Reads a track named on the command line once to check it: a path, or `-` for standard
  /// input; see ``prepare(url:format:options:)``. A pipe's format is sniffed from its content
  /// when its name does not tell it.
  public static func prepare(
    path: String,
    format: TrackFormat? = nil,
    options: TrackReadOptions = TrackReadOptions()
  ) throws(TrackError) -> ReplayTrack {
    let bytes = try readOnceIfNeeded(path)
    let name = InputFile.displayName(path)
    let reader: TrackReader
    if let bytes {
      reader = try TrackReader(bytes: bytes, format: format, options: options, name: name)
    } else {
      reader = try TrackReader.open(path: path, format: format, options: options)
    }
    return try prepare(reader: reader, path: path, name: name, options: options, bytes: bytes)
  }

  /// Checks a track held in memory (the demo's built-in walk): see
  /// ``prepare(url:format:options:)``.
  ///
  /// - Parameters:
  ///   - bytes: The track file's content.
  ///   - name: The name messages give it, such as its file name.
  ///   - format: The format, or `nil` to tell it from the name or the content.
  ///   - options: The reader's defect policies.
  public static func prepare(
    bytes: [UInt8],
    name: String,
    format: TrackFormat? = nil,
    options: TrackReadOptions = TrackReadOptions()
  ) throws(TrackError) -> ReplayTrack {
    let reader = try TrackReader(bytes: bytes, format: format, options: options, name: name)
    return try prepare(reader: reader, path: name, name: name, options: options, bytes: bytes)
  }

  /// Reads `reader` to the end, counting fixes and defects; `bytes` is the content kept for
  /// replay when the track cannot be read again.
  private static func prepare(
    reader: TrackReader,
    path: String,
    name: String,
    options: TrackReadOptions,
    bytes: [UInt8]?
  ) throws(TrackError) -> ReplayTrack {
    var counts: [FixKind: Int] = [:]
    var tally = DefectTally()
    while let event = try reader.next() {
      switch event {
      case .fix(let fix): counts[fix.kind, default: 0] += 1
      case .defect(let defect): tally.add(defect)
      }
    }
    // Only the defects of the file and of the points replayed count: waypoints beside a track
    // are not replayed, and their defects are not this run's.
    let replayed = FixKind.replayed(from: counts)
    var defects: [TrackDefect.Kind: Int] = [:]
    var defectLines: [TrackDefect.Kind: [Int]] = [:]
    for count in tally.counts(replaying: replayed) {
      defects[count.kind] = count.count
      defectLines[count.kind] = Array(count.lines.prefix(3))
    }
    guard let kind = replayed else {
      // Say why: the defects that took every point.
      let why = defects.keys.sorted().map { "\(defects[$0]!) with \($0.phrase)" }
      throw TrackError(
        .malformed,
        file: name,
        message: "expected at least one usable fix; the file has none"
          + (why.isEmpty ? "" : " (" + why.joined(separator: "; ") + ")")
      )
    }
    return ReplayTrack(
      url: URL(fileURLWithPath: path),
      path: path,
      format: reader.format,
      options: options,
      kind: kind,
      fixCount: counts[kind]!,
      bytes: bytes,
      defects: defects,
      defectLines: defectLines
    )
  }

  /// One line per kind of defect, for standard error: how many points had it, the first
  /// lines, and what was done with them, such as `2 points with a time earlier than the point
  /// before it (lines 5, 9): skipped`.
  public var defectReport: [String] {
    defects.keys.sorted().map { kind in
      let count = defects[kind]!
      let lines = defectLines[kind, default: []]
      let shown =
        lines.map(String.init).joined(separator: ", ") + (count > lines.count ? ", …" : "")
      return "\(count) \(count == 1 ? "point" : "points") with \(kind.phrase)"
        + (lines.isEmpty ? "" : " (\(lines.count == 1 && count == 1 ? "line" : "lines") \(shown))")
        + ": \(options.handling(of: kind))"
    }
  }

  /// Opens the file again and returns a function producing its fixes of the replayed kind, one at
  /// a time, `nil` at the end.
  public func makeFixSource() throws(TrackError) -> () throws -> Fix? {
    let reader: TrackReader
    if let bytes {
      reader = try TrackReader(
        bytes: bytes,
        format: format,
        options: options,
        name: InputFile.displayName(path)
      )
    } else {
      reader = try TrackReader.open(path: path, format: format, options: options)
    }
    let kind = kind
    return {
      while let event = try reader.next() {
        if case .fix(let fix) = event, fix.kind == kind { return fix }
      }
      return nil
    }
  }

  /// The track as a `ForageLocation/FixSource`: its fixes of the replayed kind, in order.
  public var fixSource: FixSource {
    FixSource(expectedCount: fixCount) {
      let next = try makeFixSource()
      return { try next().map(GPSReading.fix) }
    }
  }

  /// The whole content of a track that cannot be read twice (`-`, a pipe, a FIFO, a device),
  /// or `nil` for a regular file, which is read as it is needed.
  private static func readOnceIfNeeded(_ path: String) throws(TrackError) -> [UInt8]? {
    var status = stat()
    if path != "-", stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
      throw TrackError(.unreadable, file: path, message: "cannot read: it is a directory")
    }
    guard InputFile.isReadOnce(path) else { return nil }  // a missing file: the reader says so
    do {
      return try InputFile.readAll(path)
    } catch {
      throw TrackError(.unreadable, file: error.path, message: "cannot read: \(error.reason)")
    }
  }
}
