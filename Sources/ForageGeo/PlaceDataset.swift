import ForageSupport
import Foundation

/// The places read from a GeoJSON FeatureCollection of Point features.
///
/// Each feature's `properties` supply `id` (else the feature's own `id`, else `feature-N`),
/// `name`, `types` (an array of strings) or OSM's `amenity`, and `rating`. A feature without a
/// usable point (no geometry, not a Point, coordinates that are not two numbers or out of range) is
/// skipped and reported by index in ``skipped``, not fatal.
public struct PlaceDataset: Sendable {
  /// The places, in file order.
  public var places: [PlaceRecord]
  /// The features that were skipped, in file order.
  public var skipped: [SkippedFeature]

  /// Reads a dataset file.
  ///
  /// - Throws: ``PlaceDatasetError`` when the file cannot be read or is not a FeatureCollection.
  public static func load(contentsOf url: URL) throws(PlaceDatasetError) -> PlaceDataset {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      let reason = (error as NSError).underlyingPOSIXReason ?? "it cannot be read"
      throw .unreadable(file: url.path, reason: reason)
    }
    return try parse(data, file: url.path)
  }

  /// Parses dataset bytes.
  ///
  /// - Parameters:
  ///   - data: The GeoJSON text.
  ///   - file: The name to use in error messages.
  /// - Throws: ``PlaceDatasetError`` when the bytes are not a GeoJSON FeatureCollection.
  public static func parse(_ data: Data, file: String) throws(PlaceDatasetError) -> PlaceDataset {
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data)
    } catch {
      let (line, column) = Self.position(of: error, in: data)
      throw .malformed(file: file, line: line, column: column, expected: "valid JSON")
    }
    guard let object = root as? [String: Any], object["type"] as? String == "FeatureCollection"
    else {
      throw .malformed(
        file: file,
        line: nil,
        column: nil,
        expected: "a GeoJSON object with \"type\": \"FeatureCollection\""
      )
    }
    guard let features = object["features"] as? [Any] else {
      throw .malformed(file: file, line: nil, column: nil, expected: "a \"features\" array")
    }
    var dataset = PlaceDataset(places: [], skipped: [])
    dataset.places.reserveCapacity(features.count)
    for (index, feature) in features.enumerated() {
      switch PlaceRecord.parse(feature: feature, index: index) {
      case .success(let place): dataset.places.append(place)
      case .failure(let skip): dataset.skipped.append(skip)
      }
    }
    return dataset
  }

  /// The 1-based line and column of a JSONSerialization error ("around character N").
  private static func position(of error: any Error, in data: Data) -> (Int?, Int?) {
    let description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
    guard let range = description.range(of: "character "),
      let offset = Int(description[range.upperBound...].prefix { $0.isNumber })
    else { return (nil, nil) }
    let position = TextPosition(ofByteOffset: offset, in: data)
    return (position.line, position.column)
  }
}

/// A feature left out of a ``PlaceDataset``, and why.
public struct SkippedFeature: Error, Equatable, Sendable, CustomStringConvertible {
  /// The feature's 0-based position in the `features` array.
  public var index: Int
  /// What was wrong, such as `no Point geometry`.
  public var reason: String

  /// `feature N skipped: reason`.
  public var description: String { "feature \(index) skipped: \(reason)" }
}

/// Why a places dataset could not be read.
public enum PlaceDatasetError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be opened or read.
  case unreadable(file: String, reason: String)
  /// The file is not a GeoJSON FeatureCollection; line and column when known.
  case malformed(file: String, line: Int?, column: Int?, expected: String)

  /// One line naming the file, the position and what was expected.
  public var description: String {
    switch self {
    case .unreadable(let file, let reason):
      return "\(file): cannot read places dataset: \(reason)"
    case .malformed(let file, let line, let column, let expected):
      var place = file
      if let line { place += ":\(line)" }
      if let column { place += ":\(column)" }
      return "\(place): not a GeoJSON places dataset: expected \(expected)"
    }
  }
}

extension NSError {
  /// The POSIX reason behind a file error, such as "No such file or directory".
  fileprivate var underlyingPOSIXReason: String? {
    if let underlying = userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if domain == NSCocoaErrorDomain {
      switch code {
      case NSFileReadNoSuchFileError: return "no such file"
      case NSFileReadNoPermissionError: return "permission denied"
      default: return nil
      }
    }
    return nil
  }
}
