import Foundation

// PLACEHOLDER until the evaluator lands (replaced by the real files; never committed as is).
public struct OpeningHours: Sendable, Hashable {
  public let text: String
  public init(_ text: String) throws(OpeningHoursError) {
    guard ["24/7", "off", "closed"].contains(text) else { throw OpeningHoursError(description: "unsupported") }
    self.text = text
  }
  public func state(at instant: Date, in zone: TimeZone, publicHolidays: PublicHolidays = .unknown) -> Bool? { text == "24/7" }
  public func stateAtAnyTime() -> Bool? { text == "24/7" }
}
public struct OpeningHoursError: Error, Sendable, Hashable, CustomStringConvertible { public var description: String }
public enum PublicHolidays: Sendable, Hashable { case unknown; case dates(Set<LocalDate>) }
public struct LocalDate: Sendable, Hashable, Comparable {
  public var year, month, day: Int
  public init(year: Int, month: Int, day: Int) { self.year = year; self.month = month; self.day = day }
  public static func < (a: LocalDate, b: LocalDate) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }
}
