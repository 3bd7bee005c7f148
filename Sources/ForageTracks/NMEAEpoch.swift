import ForageSupport
import Foundation

/// The sentences of one receiver epoch (one time of day), merged into one point when complete.
struct NMEAEpoch {
  /// The fields of an `RMC` (recommended minimum) sentence the reader uses.
  struct RMC {
    var line: Int
    var isValid: Bool
    var time: Date?
    var latitude: Double?
    var longitude: Double?
    /// Ground speed in metres per second.
    var speed: Double?
    var course: Double?

    var hasPosition: Bool { latitude != nil && longitude != nil }

    init(fields: [ArraySlice<UInt8>], line: Int) {
      self.line = line
      isValid = fields[2].first == UInt8(ascii: "A")
      latitude = NMEAEpoch.coordinate(fields[3], hemisphere: fields[4])
      longitude = NMEAEpoch.coordinate(fields[5], hemisphere: fields[6])
      speed = NMEAEpoch.number(fields[7]).map { $0 * 1852.0 / 3600.0 }
      course = NMEAEpoch.number(fields[8])
      time = NMEAEpoch.time(fields[1], date: fields[9])
    }
  }

  /// The fields of a `GGA` (fix data) sentence the reader uses.
  struct GGA {
    var line: Int
    var latitude: Double?
    var longitude: Double?
    var quality: Int?
    var satellites: Int?
    var hdop: Double?
    var altitude: Double?

    init(fields: [ArraySlice<UInt8>], line: Int) {
      self.line = line
      latitude = NMEAEpoch.coordinate(fields[2], hemisphere: fields[3])
      longitude = NMEAEpoch.coordinate(fields[4], hemisphere: fields[5])
      quality = NMEAEpoch.number(fields[6]).map { Int($0) }
      satellites = NMEAEpoch.number(fields[7]).map { Int($0) }
      hdop = NMEAEpoch.number(fields[8])
      altitude = NMEAEpoch.number(fields[9])
    }
  }

  /// The time-of-day field shared by the epoch's sentences.
  var time: [UInt8] = []
  var rmc: RMC?
  var gga: GGA?

  /// Turns the epoch into items: a point for a valid RMC, or the defect explaining why not.
  func finish() -> [ParsedItem]? {
    guard let rmc else {
      guard let gga else { return nil }
      return [.defect(TrackDefect(.unpairedGGA, line: gga.line))]
    }
    guard rmc.isValid else {
      return [.defect(TrackDefect(.noFix, line: rmc.line, detail: "RMC status V"))]
    }
    var fix = Fix(
      time: rmc.time,
      latitude: rmc.latitude ?? .nan,
      longitude: rmc.longitude ?? .nan,
      speed: rmc.speed,
      course: rmc.course,
      line: rmc.line
    )
    if let gga {
      fix.elevation = gga.altitude
      fix.hdop = gga.hdop
      fix.satellites = gga.satellites
      if gga.quality == 0 { fix.horizontalAccuracy = -1 }
    }
    return [.point(fix)]
  }

  /// Parses a number field; empty fields are `nil`.
  static func number(_ field: ArraySlice<UInt8>) -> Double? {
    guard !field.isEmpty else { return nil }
    return field.withUnsafeBufferPointer { NumberParsing.double($0) }
  }

  /// Parses `ddmm.mmmm` / `dddmm.mmmm` with its hemisphere letter into signed degrees.
  static func coordinate(_ field: ArraySlice<UInt8>, hemisphere: ArraySlice<UInt8>) -> Double? {
    guard let value = number(field), let letter = hemisphere.first else { return nil }
    let degrees = (value / 100).rounded(.towardZero)
    let result = degrees + (value - degrees * 100) / 60
    switch letter {
    case UInt8(ascii: "N"), UInt8(ascii: "E"): return result
    case UInt8(ascii: "S"), UInt8(ascii: "W"): return -result
    default: return nil
    }
  }

  /// Combines `hhmmss[.sss]` and `ddmmyy` into an instant (two-digit years 80–99 are 19xx).
  static func time(_ clock: ArraySlice<UInt8>, date: ArraySlice<UInt8>) -> Date? {
    guard clock.count >= 6, date.count == 6, let seconds = number(clock), let day = number(date)
    else { return nil }
    let dayValue = Int(day)
    let year2 = dayValue % 100
    let month = dayValue / 100 % 100
    let dayOfMonth = dayValue / 10_000
    guard (1...12).contains(month), (1...31).contains(dayOfMonth) else { return nil }
    let whole = Int(seconds)
    let hours = whole / 10_000
    let minutes = whole / 100 % 100
    let secs = Double(whole % 100) + (seconds - Double(whole))
    guard hours < 24, minutes < 60 else { return nil }
    let year = year2 >= 80 ? 1900 + year2 : 2000 + year2
    let days = Timestamp.daysFromCivil(year: year, month: month, day: dayOfMonth)
    return Date(timeIntervalSince1970: Double(days * 86_400 + hours * 3600 + minutes * 60) + secs)
  }
}
