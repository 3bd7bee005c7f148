import NIOCore

/// Splits the bytes gpsd sends into lines, keeping at most ``limit`` bytes of any one.
///
/// A line longer than the limit is not kept: the decoder hands on ``GPSDLine/tooLong`` as soon
/// as the limit is passed and then drops the line's bytes as they arrive, up to its newline, so a
/// peer that never sends a newline cannot make the connection's memory grow. A carriage return
/// before the newline is dropped; an unfinished last line is handed on when the stream ends.
///
/// ``makeHandler(limit:)`` puts it in a pipeline with a ceiling on the handler's buffer that the
/// decoder never reaches: should that bound ever break, the connection fails instead of growing.
struct GPSDLineDecoder: ByteToMessageDecoder {
  typealias InboundOut = GPSDLine

  /// The longest line kept, in bytes. gpsd's own longest report is about 10 KB (a `SKY` with
  /// every satellite in view).
  let limit: Int
  /// Whether the bytes up to the next newline belong to a line already handed on as too long.
  private var isSkipping = false

  /// Creates a decoder.
  ///
  /// - Parameter limit: The longest line kept, in bytes; at least 1.
  init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// A handler running a decoder, whose buffer may hold at most `limit` bytes between reads.
  static func makeHandler(limit: Int) -> ByteToMessageHandler<GPSDLineDecoder> {
    let decoder = GPSDLineDecoder(limit: limit)
    return ByteToMessageHandler(decoder, maximumBufferSize: decoder.limit)
  }

  mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) -> DecodingState {
    guard let line = nextLine(from: &buffer) else { return .needMoreData }
    context.fireChannelRead(wrapInboundOut(line))
    return .continue
  }

  mutating func decodeLast(
    context: ChannelHandlerContext,
    buffer: inout ByteBuffer,
    seenEOF: Bool
  ) -> DecodingState {
    while let line = nextLine(from: &buffer) { context.fireChannelRead(wrapInboundOut(line)) }
    if let last = finish(&buffer) { context.fireChannelRead(wrapInboundOut(last)) }
    return .needMoreData
  }

  /// Takes the next line out of `buffer`, or consumes what it can and returns `nil` when no
  /// line is complete yet.
  ///
  /// On return, `buffer` holds at most ``limit`` readable bytes when the result is `nil`.
  mutating func nextLine(from buffer: inout ByteBuffer) -> GPSDLine? {
    let newline = UInt8(ascii: "\n")
    if isSkipping {
      let view = buffer.readableBytesView
      guard let end = view.firstIndex(of: newline) else {
        buffer.moveReaderIndex(to: buffer.writerIndex)
        return nil
      }
      buffer.moveReaderIndex(forwardBy: end - view.startIndex + 1)
      isSkipping = false
    }
    let view = buffer.readableBytesView
    let window = view[view.startIndex..<(view.startIndex + min(view.count, limit + 1))]
    if let end = window.firstIndex(of: newline) {
      var line = buffer.readSlice(length: end - view.startIndex)!
      buffer.moveReaderIndex(forwardBy: 1)
      Self.dropCarriageReturn(&line)
      return .complete(line)
    }
    guard view.count > limit else { return nil }
    buffer.moveReaderIndex(forwardBy: limit + 1)
    isSkipping = true
    return .tooLong
  }

  /// Takes the unfinished last line when the stream ends, if any, leaving `buffer` empty.
  mutating func finish(_ buffer: inout ByteBuffer) -> GPSDLine? {
    defer {
      isSkipping = false
      buffer.moveReaderIndex(to: buffer.writerIndex)
    }
    guard !isSkipping, buffer.readableBytes > 0 else { return nil }
    var line = buffer.readSlice(length: buffer.readableBytes)!
    Self.dropCarriageReturn(&line)
    return .complete(line)
  }

  private static func dropCarriageReturn(_ line: inout ByteBuffer) {
    if line.readableBytesView.last == UInt8(ascii: "\r") {
      line.moveWriterIndex(to: line.writerIndex - 1)
    }
  }
}
