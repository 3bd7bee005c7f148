import ForageSupport
import Foundation

/// Reads an IANA time zone name (`Europe/Helsinki`) as the user typed it: the one check behind
/// every `--timezone`.
public enum TimeZoneName {
  /// The zone `name` names.
  ///
  /// Every name of the zone database is taken (`Asia/Kolkata`, `Etc/GMT-2`, `CET`, the old
  /// `US/Pacific` links), but never a path (`..`, a leading `/`) or an offset that Foundation
  /// would also read (`GMT+2`): a name is taken when it is made of the characters zone names use
  /// and Foundation finds a zone of exactly that name.
  ///
  /// - Throws: ``TimeZoneNameError`` naming the nearest known names.
  public static func zone(named name: String) throws(TimeZoneNameError) -> TimeZone {
    let isZoneName =
      !name.isEmpty && !name.hasPrefix("/") && !name.contains("..")
      && name.unicodeScalars.allSatisfy {
        $0.isASCII
          && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
            || "/_+-".unicodeScalars.contains($0))
      }
    if isZoneName, let zone = TimeZone(identifier: name), zone.identifier == name || name == "UTC" {
      return zone
    }
    let known = TimeZone.knownTimeZoneIdentifiers + ["UTC"]
    throw TimeZoneNameError(name: name, nearest: NameSuggestion.nearest(to: name, in: known))
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
