extension Fix {
  /// The ranges a receiver's measures can have; outside them (`1e308`, a course of 900°) a
  /// value is a file's defect, not a measure, and cannot be written as JSON or compared.
  public enum Plausible {
    /// Metres above sea level: below the deepest trench to above where balloons fly.
    public static let elevation: ClosedRange<Double> = -12_000...100_000
    /// Metres of horizontal accuracy (negative: the receiver had no fix).
    public static let horizontalAccuracy: ClosedRange<Double> = -10_000_000...10_000_000
    /// Horizontal dilution of precision.
    public static let hdop: ClosedRange<Double> = 0...10_000
    /// Metres a second.
    public static let speed: ClosedRange<Double> = 0...100_000
    /// Degrees clockwise from true north.
    public static let course: ClosedRange<Double> = 0...360
  }

  /// Removes every measure outside its ``Plausible`` range and returns what was removed, such
  /// as `["hdop 1e+308"]`: nothing when all is well.
  public mutating func removeImplausibleMeasures() -> [String] {
    var removed: [String] = []
    func check(_ value: inout Double?, _ range: ClosedRange<Double>, _ name: String) {
      guard let number = value, !range.contains(number) else { return }
      removed.append("\(name) \(number)")
      value = nil
    }
    check(&elevation, Plausible.elevation, "elevation")
    check(&horizontalAccuracy, Plausible.horizontalAccuracy, "accuracy")
    check(&hdop, Plausible.hdop, "hdop")
    check(&speed, Plausible.speed, "speed")
    check(&course, Plausible.course, "course")
    return removed
  }
}
