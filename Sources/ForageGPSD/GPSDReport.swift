import ForageLocation
import ForageSupport
import ForageTracks
import Foundation

/// What one line of gpsd's JSON protocol says, as far as a fix source cares.
///
/// gpsd writes one JSON object a line, named by its `class`. A `TPV` (time-position-velocity)
/// report with `mode` 2 (2D) or 3 (3D) is a fix; `mode` 0 or 1 means the receiver has no
/// location. Every other class (`VERSION`, `DEVICES`, `DEVICE`, `WATCH`, `SKY`, `GST`, …) is read
/// and ignored.
public enum GPSDReport: Sendable, Equatable {
  /// A `TPV` with a 2D or 3D fix.
  case fix(Fix)
  /// A `TPV` with mode 0 or 1: the receiver does not know where it is; `time` if it said.
  case noFix(time: Date?)
  /// A report of another class, or a `TPV` naming no fix at all, ignored.
  case ignored(class: String)

  /// Reads one line (without its newline).
  ///
  /// A `TPV`'s `lat` and `lon` must be finite and on the globe. Other members are used when
  /// they are numbers in range and left out otherwise: `time` (ISO 8601), `eph`, or else
  /// `epx`/`epy` combined (metres, gpsd's 95 % estimates), `speed` (m/s), `track` (degrees),
  /// `altMSL`, else `alt`, else `altHAE` (metres).
  ///
  /// - Parameter line: The line's bytes.
  /// - Returns: What the line says.
  /// - Throws: ``GPSDLineError`` saying what was expected: the line is not a JSON object, has no
  ///   `class`, or is a `TPV` without a usable `mode`, `lat` or `lon`.
  public static func parse(line: some Collection<UInt8>) throws(GPSDLineError) -> GPSDReport {
    let value: JSONValue
    do {
      value = try JSONParser.parse(line)
    } catch {
      throw GPSDLineError("expected one JSON object: \(error.message) at column \(error.column)")
    }
    guard value.members != nil else {
      throw GPSDLineError("expected a JSON object but found \(value.kindDescription)")
    }
    guard let name = value["class"]?.string else {
      throw GPSDLineError("expected a \"class\" string member")
    }
    guard name == "TPV" else { return .ignored(class: name) }
    guard let mode = value["mode"]?.number, mode.isFinite, mode >= 0, mode == mode.rounded() else {
      throw GPSDLineError("expected a TPV \"mode\" of 0, 1, 2 or 3")
    }
    let time = value["time"]?.string.flatMap { Timestamp.parse($0) }
    guard mode >= 2 else { return .noFix(time: time) }
    guard let latitude = finite(value["lat"]), (-90...90).contains(latitude),
      let longitude = finite(value["lon"]), (-180...180).contains(longitude)
    else {
      throw GPSDLineError(
        "expected a TPV of mode \(Int(mode)) to have \"lat\" in -90...90 and \"lon\" in -180...180"
      )
    }
    var fix = Fix(
      time: time,
      latitude: latitude,
      longitude: longitude,
      elevation: finite(value["altMSL"]) ?? finite(value["alt"]) ?? finite(value["altHAE"]),
      horizontalAccuracy: horizontalError(value),
      speed: finite(value["speed"]).flatMap { $0 >= 0 ? $0 : nil },
      course: finite(value["track"]).flatMap { (0..<360).contains($0) ? $0 : nil }
    )
    // A measure no receiver can have (an "eph" of 1e308) is not one: the fix goes without it.
    _ = fix.removeImplausibleMeasures()
    return .fix(fix)
  }

  /// `eph`, or `epx` and `epy` combined as the radius of their ellipse's diagonal.
  private static func horizontalError(_ value: JSONValue) -> Double? {
    if let eph = finite(value["eph"]), eph >= 0 { return eph }
    guard let epx = finite(value["epx"]), epx >= 0, let epy = finite(value["epy"]), epy >= 0
    else { return nil }
    let combined = (epx * epx + epy * epy).squareRoot()
    return combined.isFinite ? combined : nil
  }

  /// The member's number when it is finite.
  private static func finite(_ value: JSONValue?) -> Double? {
    guard let number = value?.number, number.isFinite else { return nil }
    return number
  }
}
