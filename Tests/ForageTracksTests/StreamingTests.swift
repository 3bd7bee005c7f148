import Foundation
import Synchronization
import Testing

@testable import ForageTracks

#if canImport(Glibc)
  import Glibc
#endif

/// Readers produce fixes while the file is still being written: they never need the whole file.
@Suite struct StreamingTests {
  /// Writes `head` into a FIFO, waits until the reader has delivered a fix from it, then writes
  /// `tail`; a reader that loads the whole file would never deliver before the end.
  func deliversBeforeTheEnd(format: TrackFormat, head: String, tail: String) throws -> Bool {
    let directory = try TemporaryDirectory()
    let path = directory.url.appendingPathComponent("pipe").path
    #expect(mkfifo(path, 0o600) == 0)
    let delivered = DispatchSemaphore(value: 0)
    let outcome = Outcome()
    let writer = Thread {
      let handle = FileHandle(forWritingAtPath: path)!
      handle.write(Data(head.utf8))
      // Generous: on a correct reader this returns as soon as the first fix is out.
      let sawFixEarly = delivered.wait(timeout: .now() + 60) == .success
      outcome.sawFixEarly.withLock { $0 = sawFixEarly }
      handle.write(Data(tail.utf8))
      try? handle.close()
    }
    writer.start()
    let reader = try TrackReader.open(url: URL(fileURLWithPath: path), format: format)
    var count = 0
    while let event = try reader.next() {
      if case .fix = event {
        count += 1
        if count == 1 { delivered.signal() }
      }
    }
    #expect(count == 4)
    return outcome.sawFixEarly.withLock { $0 }
  }

  @Test func gpxFixesArriveBeforeTheFileEnds() throws {
    // The head must exceed a chunk (256 KiB) only if reads block for a full chunk; they do not.
    let point = { (index: Int) in
      "<trkpt lat=\"60.\(index)\" lon=\"24\"><time>2020-01-01T00:00:0\(index)Z</time></trkpt>\n"
    }
    let head = "<gpx><trk><trkseg>\n" + point(1) + point(2)
    let tail = point(3) + point(4) + "</trkseg></trk></gpx>\n"
    #expect(try deliversBeforeTheEnd(format: .gpx, head: head, tail: tail))
  }

  @Test func nmeaFixesArriveBeforeTheFileEnds() throws {
    let sentence = { (second: Int) in
      nmea("GPRMC,00000\(second).00,A,4807.038,N,01131.000,E,0.0,0.0,230394,,")
    }
    #expect(
      try deliversBeforeTheEnd(
        format: .nmea,
        head: sentence(1) + sentence(2) + sentence(3),
        tail: sentence(4)
      )
    )
  }

  @Test func csvFixesArriveBeforeTheFileEnds() throws {
    let row = { (second: Int) in "2020-01-01T00:00:0\(second)Z,60.\(second),24\n" }
    #expect(
      try deliversBeforeTheEnd(
        format: .csv,
        head: "time,lat,lon\n" + row(1) + row(2),
        tail: row(3) + row(4)
      )
    )
  }

  @Test func aLargeFileIsReadThroughAFixedBuffer() throws {
    // 200 000 points (~17 MB) through a 64 KiB buffer: the source never holds more than a chunk.
    let directory = try TemporaryDirectory()
    let url = directory.url.appendingPathComponent("large.gpx")
    #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
    let handle = try FileHandle(forWritingTo: url)
    handle.write(Data("<gpx><trk><trkseg>\n".utf8))
    var block = ""
    for index in 0..<200_000 {
      let time = Date(timeIntervalSince1970: 1_600_000_000 + Double(index)).formatted(.iso8601)
      block +=
        "<trkpt lat=\"\(60 + Double(index) * 1e-6)\" lon=\"24.5\"><ele>12.5</ele><time>\(time)</time></trkpt>\n"
      if block.utf8.count > 1 << 20 {
        handle.write(Data(block.utf8))
        block = ""
      }
    }
    handle.write(Data((block + "</trkseg></trk></gpx>\n").utf8))
    try handle.close()
    var parser = try GPXParser(source: ByteSource(url: url, chunkSize: 64 * 1024))
    var count = 0
    while let item = try parser.next() {
      if case .point = item { count += 1 }
    }
    #expect(count == 200_000)
    #expect(parser.source.offset > 16_000_000)
  }
}

/// What the writer thread saw, handed back to the test.
private final class Outcome: Sendable {
  let sawFixEarly = Mutex(false)
}
