import Foundation

/// A streaming NMEA 0183 parser: reads a log line by line, checks each sentence's checksum, and
/// turns `RMC` and `GGA` sentences of the same time (from any talker) into one point.
///
/// Lines starting with `#` are comments (gpsd's log headers); a UTF-8 byte order mark at the
/// start is read past by the ``ByteSource``, as for every format. Binary packets between
/// sentences and cut-off sentences are skipped and reported as
/// ``TrackDefect/Kind/binaryNoise`` and ``TrackDefect/Kind/partialLine``.
struct NMEAParser: TrackParser {
  /// The longest line kept; longer runs (binary packets without a newline) are cut.
  static let maximumLineLength = 4096

  let source: ByteSource
  var counts = TrackFileCounts()
  private var lineBytes: [UInt8] = []
  private var queue: [ParsedItem] = []
  private var queueIndex = 0
  private var epoch = NMEAEpoch()
  private var isFinished = false

  init(source: ByteSource) {
    self.source = source
    lineBytes.reserveCapacity(128)
    counts.trackSegments = 1
  }

  mutating func next() throws(TrackError) -> ParsedItem? {
    while true {
      if queueIndex < queue.count {
        defer { queueIndex += 1 }
        return queue[queueIndex]
      }
      queue.removeAll(keepingCapacity: true)
      queueIndex = 0
      if isFinished { return nil }
      let line = source.line
      guard try readLine() else {
        isFinished = true
        flush()
        continue
      }
      process(line: line)
    }
  }

  /// Reads one line into `lineBytes` without its line ending; `false` at the end of the file.
  private mutating func readLine() throws(TrackError) -> Bool {
    lineBytes.removeAll(keepingCapacity: true)
    var any = false
    while let byte = try source.next() {
      any = true
      if byte == 0x0A { break }
      if lineBytes.count < Self.maximumLineLength { lineBytes.append(byte) }
    }
    while lineBytes.last == 0x0D { lineBytes.removeLast() }
    return any
  }

  private mutating func process(line: Int) {
    guard let first = lineBytes.firstIndex(where: { !isSpace($0) }) else { return }
    if lineBytes[first] == UInt8(ascii: "#") { return }
    var starts: [Int] = []
    for index in first..<lineBytes.count where lineBytes[index] == UInt8(ascii: "$") {
      starts.append(index)
    }
    let leading = starts.first ?? lineBytes.count
    if leading > first { junk(lineBytes[first..<leading], line: line) }
    for (position, start) in starts.enumerated() {
      let end = position + 1 < starts.count ? starts[position + 1] : lineBytes.count
      sentence(from: start, to: end, line: line)
    }
  }

  /// Reports bytes that are not a sentence: binary noise when any is not text, else a partial line.
  private mutating func junk(_ bytes: ArraySlice<UInt8>, line: Int) {
    let isBinary = bytes.contains { ($0 < 0x20 && $0 != 0x09) || $0 >= 0x7F }
    if isBinary {
      queue.append(.defect(TrackDefect(.binaryNoise, line: line, detail: "\(bytes.count) bytes")))
    } else if bytes.contains(where: { !isSpace($0) }) {
      queue.append(.defect(TrackDefect(.partialLine, line: line)))
    }
  }

  /// Checks and dispatches the sentence in `lineBytes[start..<end]` (which starts with `$`).
  private mutating func sentence(from start: Int, to end: Int, line: Int) {
    guard let star = lineBytes[start..<end].firstIndex(of: UInt8(ascii: "*")), star + 2 < end + 0,
      let high = hexValue(lineBytes[star + 1]), let low = hexValue(lineBytes[star + 2])
    else {
      junk(lineBytes[start..<end], line: line)
      return
    }
    if star + 3 < end { junk(lineBytes[(star + 3)..<end], line: line) }
    var checksum: UInt8 = 0
    for byte in lineBytes[(start + 1)..<star] { checksum ^= byte }
    let expected = high << 4 | low
    guard checksum == expected else {
      let detail = String(format: "checksum %02X, computed %02X", expected, checksum)
      queue.append(.defect(TrackDefect(.checksumError, line: line, detail: detail)))
      return
    }
    counts.records += 1
    let fields = lineBytes[(start + 1)..<star].split(
      separator: UInt8(ascii: ","),
      omittingEmptySubsequences: false
    )
    guard let address = fields.first, address.count == 5, address.first != UInt8(ascii: "P") else {
      return
    }
    let type = address.suffix(3)
    if type.elementsEqual("RMC".utf8) {
      rmc(fields, line: line)
    } else if type.elementsEqual("GGA".utf8) {
      gga(fields, line: line)
    }
  }

  private mutating func rmc(_ fields: [ArraySlice<UInt8>], line: Int) {
    guard fields.count >= 10 else {
      queue.append(
        .defect(TrackDefect(.partialLine, line: line, detail: "RMC with \(fields.count) fields"))
      )
      return
    }
    let sentence = NMEAEpoch.RMC(fields: fields, line: line)
    if sentence.isValid, sentence.hasPosition { counts.trackPoints += 1 }
    // A second RMC of the same time elsewhere is another point (with a duplicate time), not
    // the same one told twice (as another talker tells it).
    let isAnother = epoch.rmc.map {
      $0.latitude != sentence.latitude || $0.longitude != sentence.longitude
    }
    startEpoch(time: fields[1], isAnother: isAnother ?? false)
    if epoch.rmc == nil { epoch.rmc = sentence }
  }

  private mutating func gga(_ fields: [ArraySlice<UInt8>], line: Int) {
    guard fields.count >= 10 else {
      queue.append(
        .defect(TrackDefect(.partialLine, line: line, detail: "GGA with \(fields.count) fields"))
      )
      return
    }
    let sentence = NMEAEpoch.GGA(fields: fields, line: line)
    let isAnother = epoch.gga.map {
      $0.latitude != sentence.latitude || $0.longitude != sentence.longitude
    }
    startEpoch(time: fields[1], isAnother: isAnother ?? false)
    if epoch.gga == nil { epoch.gga = sentence }
  }

  /// Flushes the current epoch when a sentence of another time arrives, or another point of
  /// the same time (`isAnother`).
  private mutating func startEpoch(time: ArraySlice<UInt8>, isAnother: Bool) {
    if isAnother || !epoch.time.elementsEqual(time) || (epoch.rmc == nil && epoch.gga == nil) {
      flush()
      epoch.time.removeAll(keepingCapacity: true)
      epoch.time.append(contentsOf: time)
    }
  }

  private mutating func flush() {
    if let item = epoch.finish() { queue.append(contentsOf: item) }
    epoch.rmc = nil
    epoch.gga = nil
  }

  private mutating func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x41...0x46: byte - 0x41 + 10
    case 0x61...0x66: byte - 0x61 + 10
    default: nil
    }
  }
}
