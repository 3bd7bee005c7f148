import Foundation

/// Counts pixels in a PNG file, with a short python3 script: Foundation on Linux cannot decode
/// images, and python3's zlib and struct (installed by `make test`) can.
public enum PNGPixels {
  /// What a picture holds.
  public struct Census: Sendable {
    /// The picture's width in pixels.
    public var width: Int
    /// The picture's height in pixels.
    public var height: Int
    /// Pixels within 8 of the asked colour on each channel.
    public var matching: Int
    /// Distinct colours.
    public var colours: Int
  }

  /// Decodes an 8-bit RGB or RGBA PNG (what Chromium writes) and counts its pixels.
  private static let script = """
    import struct, sys, zlib
    data = open(sys.argv[1], 'rb').read()
    target = [int(v) for v in sys.argv[2].split(',')]
    assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'not a PNG'
    pos, idat = 8, b''
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR':
            width, height, depth, colour = struct.unpack('>IIBB', body[:10])
        elif kind == b'IDAT':
            idat += body
        pos += 12 + length
    assert depth == 8 and colour in (2, 6), 'only 8-bit RGB or RGBA'
    bpp = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(idat), width * bpp
    previous, matching, colours = bytearray(stride), 0, set()
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            if kind == 1: line[i] = (line[i] + a) & 255
            elif kind == 2: line[i] = (line[i] + b) & 255
            elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        for x in range(0, stride, bpp):
            pixel = bytes(line[x:x + 3])
            colours.add(pixel)
            if all(abs(pixel[k] - target[k]) <= 8 for k in range(3)):
                matching += 1
        previous = line
    print(width, height, matching, len(colours))
    """

  /// Counts the pixels of a PNG file close to a colour.
  ///
  /// - Parameters:
  ///   - png: The file.
  ///   - red: The colour's red, 0 to 255.
  ///   - green: The colour's green.
  ///   - blue: The colour's blue.
  /// - Throws: When python3 cannot read the file.
  public static func census(of png: URL, red: Int, green: Int, blue: Int) throws -> Census {
    let result = try BuiltBinary.run(
      executable: URL(fileURLWithPath: "/usr/bin/python3"),
      ["-c", script, png.path, "\(red),\(green),\(blue)"]
    )
    let numbers = result.stdout.split(separator: " ").compactMap {
      Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    guard result.status == 0, numbers.count == 4 else {
      throw ChromiumError("python3 cannot read \(png.path): \(result.stderr)")
    }
    return Census(width: numbers[0], height: numbers[1], matching: numbers[2], colours: numbers[3])
  }
}
