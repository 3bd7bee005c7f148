import ForageSupport
import Foundation

/// Reads an IANA time zone name (`Europe/Helsinki`) as the user typed it: the one check behind
/// every `--timezone`.
public enum TimeZoneName {
  /// The zone `name` names.
  ///
  /// Only names the zone database lists (and `UTC`) are taken, never a path or an offset that
  /// Foundation would also read.
  ///
  /// - Throws: ``TimeZoneNameError`` naming the nearest known names.
  public static func zone(named name: String) throws(TimeZoneNameError) -> TimeZone {
    let known = TimeZone.knownTimeZoneIdentifiers + ["UTC"]
    guard known.contains(name), let zone = TimeZone(identifier: name) else {
      throw TimeZoneNameError(name: name, nearest: NameSuggestion.nearest(to: name, in: known))
    }
    return zone
  }
}

/// A name that is not a time zone of the zone database.
public struct TimeZoneNameError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The name as given.
  public var name: String
  /// The nearest known names, for the message.
  public var nearest: [String]

  /// One line, the name escaped for a terminal: `'Europe/Helsinky' is not an IANA time zone such
  /// as Europe/Helsinki; nearest: Europe/Helsinki`.
  public var description: String {
    "'\(TerminalText.escaped(name))' is not an IANA time zone such as Europe/Helsinki"
      + (nearest.isEmpty ? "" : "; nearest: " + NameSuggestion.list(nearest))
  }
}
