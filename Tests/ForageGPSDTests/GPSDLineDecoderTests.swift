import ForageSupport
import NIOCore
import NIOEmbedded
import Testing

@testable import ForageGPSD

/// Splitting gpsd's stream into bounded lines, through the handler a connection uses.
@Suite struct GPSDLineDecoderTests {
  /// A channel whose pipeline is the connection's line decoder.
  static func channel(limit: Int) -> EmbeddedChannel {
    EmbeddedChannel(handler: GPSDLineDecoder.makeHandler(limit: limit))
  }

  /// Every line the channel has handed on so far.
  static func lines(_ channel: EmbeddedChannel) throws -> [GPSDLine] {
    var lines: [GPSDLine] = []
    while let line = try channel.readInbound(as: GPSDLine.self) { lines.append(line) }
    return lines
  }

  static func complete(_ text: String) -> GPSDLine { .complete(ByteBuffer(string: text)) }

  @Test func splitsLinesAcrossReadsAndDropsCarriageReturns() throws {
    let channel = Self.channel(limit: 1 << 16)
    try channel.writeInbound(ByteBuffer(string: "{\"a\""))
    #expect(try Self.lines(channel).isEmpty)
    try channel.writeInbound(ByteBuffer(string: ":1}\r\n{}\n\n"))
    #expect(
      try Self.lines(channel) == [
        Self.complete("{\"a\":1}"), Self.complete("{}"), .complete(ByteBuffer()),
      ]
    )
    #expect(try channel.finish().isClean)
  }

  @Test func aLineOverTheLimitIsReportedWhenTheLimitIsPassedAndSkippedToItsEnd() throws {
    let channel = Self.channel(limit: 8)
    try channel.writeInbound(ByteBuffer(repeating: UInt8(ascii: "x"), count: 5))
    #expect(try Self.lines(channel).isEmpty)
    try channel.writeInbound(ByteBuffer(repeating: UInt8(ascii: "y"), count: 100_000))
    #expect(try Self.lines(channel) == [.tooLong])
    try channel.writeInbound(ByteBuffer(string: "yyy\nok\n"))
    #expect(try Self.lines(channel) == [Self.complete("ok")])
    #expect(try channel.finish().isClean)
  }

  @Test func anEndlessLineIsReportedOnceAndNeverHeld() throws {
    // The handler fails the channel if its buffer ever holds more than the limit between
    // reads, so 16 MB without a newline pass only if the decoder drops them as they come.
    let channel = Self.channel(limit: 1024)
    let chunk = ByteBuffer(repeating: UInt8(ascii: "x"), count: 64 * 1024)
    var lines: [GPSDLine] = []
    for _ in 0..<256 {
      try channel.writeInbound(chunk)
      lines += try Self.lines(channel)
    }
    #expect(lines == [.tooLong])
    #expect(try channel.finish().isClean)
  }

  @Test func whileSkippingTheDecoderKeepsNoBytes() {
    var decoder = GPSDLineDecoder(limit: 4)
    var buffer = ByteBuffer(string: "abcdefgh")
    #expect(decoder.nextLine(from: &buffer) == .tooLong)
    #expect(decoder.nextLine(from: &buffer) == nil)
    #expect(buffer.readableBytes == 0)
    buffer.writeString("ijk")
    #expect(decoder.nextLine(from: &buffer) == nil)
    #expect(buffer.readableBytes == 0)
    buffer.writeString("l\nab")
    #expect(decoder.nextLine(from: &buffer) == nil)
    #expect(buffer.readableBytes == 2)
  }

  @Test func aLineOfExactlyTheLimitIsKept() throws {
    let channel = Self.channel(limit: 4)
    try channel.writeInbound(ByteBuffer(string: "abcd\nabcde\n"))
    #expect(try Self.lines(channel) == [Self.complete("abcd"), .tooLong])
    #expect(try channel.finish().isClean)
  }

  @Test func theUnfinishedLastLineIsHandedOnWhenTheStreamEnds() throws {
    let channel = Self.channel(limit: 4)
    try channel.writeInbound(ByteBuffer(string: "ab"))
    channel.pipeline.fireChannelInactive()
    #expect(try Self.lines(channel) == [Self.complete("ab")])
    #expect(try channel.finish().isClean)
  }

  @Test func anUnfinishedLineOverTheLimitIsReportedOnlyOnce() throws {
    let channel = Self.channel(limit: 4)
    try channel.writeInbound(ByteBuffer(string: "abcdefgh"))
    channel.pipeline.fireChannelInactive()
    #expect(try Self.lines(channel) == [.tooLong])
    #expect(try channel.finish().isClean)
  }

  @Test func bytesThatAreNotUTF8PassThroughUntouched() throws {
    let channel = Self.channel(limit: 16)
    let bytes: [UInt8] = [0xFF, 0x00, 0xC3, 0x1B, 0xFE, 0x80]
    try channel.writeInbound(ByteBuffer(bytes: bytes + [0x0A]))
    #expect(try Self.lines(channel) == [.complete(ByteBuffer(bytes: bytes))])
    #expect(try channel.finish().isClean)
  }

  /// What the decoder must hand on for a whole stream: each newline ends a line; a line of more
  /// than `limit` bytes (a carriage return included) is too long; a carriage return at a kept
  /// line's end is dropped; an unfinished last line counts when it is not empty.
  static func expectedLines(_ stream: [UInt8], limit: Int) -> [GPSDLine] {
    var parts = stream.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let last = parts.removeLast()
    if !last.isEmpty { parts.append(last) }
    return parts.map { part in
      guard part.count <= limit else { return .tooLong }
      let kept = part.last == UInt8(ascii: "\r") ? part.dropLast() : part
      return .complete(ByteBuffer(bytes: kept))
    }
  }

  @Test(arguments: 1...40)
  func anyStreamInAnyChunksGivesTheSameLines(seed: Int) throws {
    var random = SplitMix64(seed: UInt64(seed))
    let limit = Int.random(in: 1...12, using: &random)
    let alphabet: [UInt8] = Array("ab{}\r\n\n".utf8) + [0xFF, 0x00]
    let stream = (0..<Int.random(in: 0...400, using: &random)).map { _ in
      alphabet.randomElement(using: &random)!
    }
    let channel = Self.channel(limit: limit)
    var lines: [GPSDLine] = []
    var rest = stream[...]
    while !rest.isEmpty {
      let count = Int.random(in: 1...min(rest.count, 3 * limit), using: &random)
      try channel.writeInbound(ByteBuffer(bytes: rest.prefix(count)))
      rest = rest.dropFirst(count)
      lines += try Self.lines(channel)
    }
    channel.pipeline.fireChannelInactive()
    lines += try Self.lines(channel)
    #expect(lines == Self.expectedLines(stream, limit: limit), "limit \(limit), stream \(stream)")
    #expect(try channel.finish().isClean)
  }
}
