import ForageSupport
import Foundation

extension PublicHolidays {
  /// Reads a holiday calendar (`--public-holidays`): one date a line as `YYYY-MM-DD`, anything
  /// after the date and a space is the holiday's name, `#` starts a comment, blank lines are
  /// skipped. Every date listed is a public holiday and no other day is, so an empty file says
  /// there are none.
  ///
  /// - Parameter path: A file, or `-` for standard input (read once).
  /// - Throws: ``PublicHolidaysFileError`` for an input that cannot be read, or naming the first
  ///   line that is not a date (a day the month does not have included).
  public static func read(_ path: String) throws(PublicHolidaysFileError) -> PublicHolidays {
    let bytes: [UInt8]
    do {
      bytes = try InputFile.readText(path)
    } catch {
      throw .unreadable(error)
    }
    let name = InputFile.displayName(path)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .malformed(file: name, line: 1, message: "expected UTF-8 text")
    }
    var dates = Set<LocalDate>()
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = rawLine.prefix { $0 != "#" }.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !line.isEmpty else { continue }
      let word = line.prefix { $0 != " " && $0 != "\t" }
      guard let date = LocalDate(iso: word) else {
        throw .malformed(
          file: name,
          line: index + 1,
          message: "expected a date such as 2026-12-24, not "
            + "'\(TerminalText.escaped(String(word.prefix(40))))'"
        )
      }
      dates.insert(date)
    }
    return .dates(dates)
  }
}

extension LocalDate {
  /// A date written `YYYY-MM-DD` (years 1–9999), or `nil` when it is not one or the month has
  /// no such day.
  init?(iso text: Substring) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      year >= 1, (1...12).contains(month), day >= 1
    else { return nil }
    guard day <= GregorianCalendar.daysIn(month: month, year: year) else { return nil }
    self.init(year: year, month: month, day: day)
  }
}

/// A holiday calendar that cannot be used.
public enum PublicHolidaysFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The input cannot be read (exit 74).
  case unreadable(InputFileError)
  /// A line is not a date (exit 65).
  case malformed(file: String, line: Int, message: String)

  /// One line: `--public-holidays` is added by the caller.
  public var description: String {
    switch self {
    case .unreadable(let error): error.description
    case .malformed(let file, let line, let message): "\(file):\(line): \(message)"
    }
  }
}
