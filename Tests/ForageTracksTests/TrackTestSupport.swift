import Foundation

@testable import ForageTracks

/// Reads a track held in a string and returns every event.
func readEvents(
  _ text: String,
  format: TrackFormat? = nil,
  options: TrackReadOptions = TrackReadOptions()
) throws -> [TrackEvent] {
  let reader = try TrackReader(
    bytes: Array(text.utf8),
    format: format,
    options: options,
    name: "test"
  )
  var events: [TrackEvent] = []
  while let event = try reader.next() { events.append(event) }
  return events
}

/// The fixes among some events.
func fixes(_ events: [TrackEvent]) -> [Fix] {
  events.compactMap { if case .fix(let fix) = $0 { fix } else { nil } }
}

/// The defects among some events.
func defects(_ events: [TrackEvent]) -> [TrackDefect] {
  events.compactMap { if case .defect(let defect) = $0 { defect } else { nil } }
}

/// The defects of one kind among some events.
func defects(_ kind: TrackDefect.Kind, in events: [TrackEvent]) -> [TrackDefect] {
  defects(events).filter { $0.kind == kind }
}

/// The error reading a track throws, or `nil` when it reads cleanly.
func readError(_ text: String, format: TrackFormat? = nil) -> TrackError? {
  do {
    _ = try readEvents(text, format: format)
    return nil
  } catch let error as TrackError {
    return error
  } catch {
    return nil
  }
}

/// Parses an ISO 8601 timestamp for expectations.
func date(_ text: String) -> Date {
  Timestamp.parse(text)!
}

/// A GPX 1.1 document around some `trkseg` content.
func gpx(_ body: String) -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
  \(body)
  </gpx>
  """
}

/// An NMEA sentence with its checksum and CRLF, from the text between `$` and `*`.
func nmea(_ body: String) -> String {
  let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
  return "$\(body)*\(String(format: "%02X", checksum))\r\n"
}

/// A temporary directory removed when the value is released.
final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "forage-tests-\(UUID().uuidString)"
    )
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes a file and returns its URL.
  func write(_ name: String, _ text: String) throws -> URL {
    let file = url.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file
  }
}
