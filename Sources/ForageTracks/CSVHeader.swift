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
  /// Two columns naming the latitude or the longitude, such as `lat,latitude`, described for
  /// a message; `nil` when each is named once. Which is the position cannot be told, so such a
  /// header is refused. Of two columns naming another measure the first is read (`date,time`
  /// names the time twice, and many loggers write both).
  var repeated: String?

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
    var repeated: String?
    func column(_ aliases: Set<String>, _ measure: String? = nil) -> Int? {
      let matching = names.indices.filter { aliases.contains(names[$0]) }
      if let measure, matching.count > 1, repeated == nil {
        let named = matching.prefix(2).map { "\($0 + 1) ('\(names[$0])')" }
        repeated = "columns \(named[0]) and \(named[1]) both name the \(measure)"
      }
      return matching.first
    }
    guard let latitude = column(["lat", "latitude", "y"], "latitude"),
      let longitude = column(["lon", "lng", "long", "longitude", "x"], "longitude")
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
    self.repeated = repeated
  }
}
