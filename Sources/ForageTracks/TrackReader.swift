import ForageSupport
import Foundation

/// Reads a track file as a stream of ``TrackEvent``s: fixes one at a time, with the defects the
/// reader survived, in file order.
///
/// The file is read in chunks, so memory does not grow with its size (GeoJSON excepted: a GeoJSON
/// document is parsed whole). A reader is single-use and not thread-safe; iterate it with
/// ``next()`` or `for try await event in reader`.
///
/// ```swift
/// let reader = try TrackReader.open(url: url)
/// while let event = try reader.next() {
///   if case .fix(let fix) = event { print(fix.latitude, fix.longitude) }
/// }
/// ```
public final class TrackReader {
  /// The format being read.
  public let format: TrackFormat
  /// The policies and thresholds in force.
  public let options: TrackReadOptions
  /// The path used in errors and reports.
  public let path: String
  private var parser: any TrackParser
  private var policy: DefectPolicy
  private var queue: [TrackEvent] = []
  private var queueIndex = 0
  private var isFinished = false

  /// Opens a track file for reading.
  ///
  /// - Parameters:
  ///   - url: The file to read.
  ///   - format: The format, or `nil` to choose it from the extension or, failing that, the
  ///     content.
  ///   - options: The defect policies and thresholds.
  /// - Returns: A reader positioned before the first event.
  /// - Throws: ``TrackError`` when the file cannot be opened (``TrackError/Kind/unreadable``), its
  ///   format cannot be told (``TrackError/Kind/unknownFormat``), or a GeoJSON or CSV file is
  ///   malformed at the start (``TrackError/Kind/malformed``).
  public static func open(
    url: URL,
    format: TrackFormat? = nil,
    options: TrackReadOptions = TrackReadOptions()
  ) throws(TrackError) -> TrackReader {
    try TrackReader(source: ByteSource(url: url), format: format, options: options)
  }

  /// Opens a track named on a command line: a path, or `-` for standard input. Standard input,
  /// a pipe, a FIFO or a device is read once into memory; a file is streamed.
  ///
  /// - Throws: ``TrackError`` as ``open(url:format:options:)`` does.
  public static func open(
    path: String,
    format: TrackFormat? = nil,
    options: TrackReadOptions = TrackReadOptions()
  ) throws(TrackError) -> TrackReader {
    guard InputFile.isReadOnce(path) else {
      return try TrackReader(source: ByteSource(path: path), format: format, options: options)
    }
    let bytes: [UInt8]
    do {
      bytes = try InputFile.readAll(path)
    } catch {
      throw TrackError(.unreadable, file: error.path, message: "cannot read: \(error.reason)")
    }
    return try TrackReader(
      bytes: bytes,
      format: format,
      options: options,
      name: InputFile.displayName(path)
    )
  }

  /// Reads a track held in memory.
  ///
  /// - Parameters:
  ///   - bytes: The file's content.
  ///   - format: The format, or `nil` to sniff it from the content.
  ///   - options: The defect policies and thresholds.
  ///   - name: The name used in errors.
  /// - Throws: ``TrackError`` as ``open(url:format:options:)`` does.
  public convenience init(
    bytes: [UInt8],
    format: TrackFormat? = nil,
    options: TrackReadOptions = TrackReadOptions(),
    name: String = "<memory>"
  ) throws(TrackError) {
    try self.init(source: ByteSource(bytes: bytes, path: name), format: format, options: options)
  }

  private init(
    source: ByteSource,
    format: TrackFormat?,
    options: TrackReadOptions
  ) throws(TrackError) {
    try source.skipByteOrderMark()
    let extensionFormat = TrackFormat(fileExtension: PathName(source.path).pathExtension)
    var chosen = format ?? extensionFormat
    if chosen == nil { chosen = TrackFormat.sniff(try source.prefix(4096)) }
    guard let chosen else {
      throw TrackError(
        .unknownFormat,
        file: source.path,
        message:
          "cannot tell the track format from the name or the content; expected GPX, NMEA, GeoJSON or CSV"
      )
    }
    self.format = chosen
    self.options = options
    self.path = source.path
    switch chosen {
    case .gpx: parser = try GPXParser(source: source)
    case .nmea: parser = NMEAParser(source: source)
    case .csv: parser = try CSVParser(source: source)
    case .geojson: parser = try GeoJSONParser(source: source)
    }
    policy = DefectPolicy(options: options)
  }

  /// What the file held so far, before any policy: points by kind, segments, records.
  public var counts: TrackFileCounts { parser.counts }

  /// Returns the next event, or `nil` when the file is exhausted.
  ///
  /// - Throws: ``TrackError`` when the file turns out to be malformed or cannot be read further.
  ///   Events already returned stay valid; nothing further is produced.
  public func next() throws(TrackError) -> TrackEvent? {
    while true {
      if queueIndex < queue.count {
        defer { queueIndex += 1 }
        return queue[queueIndex]
      }
      queue.removeAll(keepingCapacity: true)
      queueIndex = 0
      guard let item = try parser.next() else {
        if isFinished { return nil }
        isFinished = true
        policy.finish { queue.append($0) }
        continue
      }
      switch item {
      case .defect(let defect):
        return .defect(defect)
      case .documentTime(let time):
        policy.useDocumentTime(time)
      case .point(let fix):
        policy.process(fix) { queue.append($0) }
      }
    }
  }
}
