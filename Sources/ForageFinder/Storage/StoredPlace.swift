import ForagePlaceModel
import Foundation

/// How every places storage keeps a place: as JSON with its keys sorted, so that one place is
/// always the same text in the SQLite file and in PostgreSQL alike, and how it is read back.
public enum StoredPlace {
  /// The place as stored text.
  ///
  /// - Throws: `EncodingError` for a place JSON cannot hold (a number that is not finite).
  public static func text(of place: Place) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(place), as: UTF8.self)
  }

  /// The place stored as `text`, or `nil` when the text is not a stored place.
  public static func place(from text: String) -> Place? {
    try? JSONDecoder().decode(Place.self, from: Data(text.utf8))
  }
}
