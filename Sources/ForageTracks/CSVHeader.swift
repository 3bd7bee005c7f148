import Foundation

/// The columns a CSV track's header names, matched by common aliases in any case and order.
struct CSVHeader: Equatable {
  /// The field separator: comma, semicolon or tab, whichever the header uses.
  var separator: UInt8
  var latitude: Int
  var longitude: Int
  var time: Int?
  var elevation: Int?
  var accuracy: Int?
  var speed: Int?
  var course: Int?
  var hdop: Int?
  var satellites: Int?
  /// The number of columns the header names.
  var columnCount: Int

  /// The highest column index a row needs for a position.
  var requiredCount: Int { max(latitude, longitude) + 1 }

  /// Reads a header line, or returns `nil` when it names no latitude and longitude columns.
  init?(line: String) {
    let candidates: [Character] = [",", ";", "\t"]
    guard
      let separator = candidates.max(by: { first, second in
        line.filter { $0 == first }.count < line.filter { $0 == second }.count
      }), line.contains(separator)
    else { return nil }
    let names = line.split(separator: separator, omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(
        in: CharacterSet(charactersIn: "\"'")
      )
      .lowercased()
    }
    func column(_ aliases: Set<String>) -> Int? { names.firstIndex { aliases.contains($0) } }
    guard let latitude = column(["lat", "latitude", "y"]),
      let longitude = column(["lon", "lng", "long", "longitude", "x"])
    else { return nil }
    self.separator = separator.asciiValue!
    self.latitude = latitude
    self.longitude = longitude
    time = column(["time", "timestamp", "datetime", "date_time", "utc", "time_utc", "date"])
    elevation = column(["ele", "elevation", "alt", "altitude", "height"])
    accuracy = column(["accuracy", "horizontal_accuracy", "horizontalaccuracy", "hacc", "acc"])
    speed = column(["speed", "velocity"])
    course = column(["course", "bearing", "heading"])
    hdop = column(["hdop"])
    satellites = column(["sat", "sats", "satellites"])
    columnCount = names.count
  }
}
