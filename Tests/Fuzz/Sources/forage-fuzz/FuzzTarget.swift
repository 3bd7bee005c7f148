import ForageHTTP
import ForageLocation
import ForagePlacesData
import ForageTracks
import Foundation

@testable import ForageFinder
@testable import ForagePlaces
@testable import MockPlaces

/// The readers fuzzed, by the name `FORAGE_FUZZ_TARGET` gives.
///
/// Each feeds the bytes through the same code path the command line or the server uses, and
/// ignores the errors those paths report: libFuzzer looks for crashes, hangs, leaks and
/// memory errors, never for "this input was refused".
enum FuzzTarget: String, CaseIterable {
  case gpx, nmea, geojson, csv, places, recording, permission
  case google = "google-response"
  case placesNew = "places-new-response"
  case mockRequest = "mock-request"
  case overpass = "overpass-response"
  case overpassQuery = "overpass-query"

  /// The target named in the environment (`gpx` when unset).
  static let current: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["FORAGE_FUZZ_TARGET"] ?? "gpx"
    guard let target = FuzzTarget(rawValue: name) else {
      let names = allCases.map(\.rawValue).joined(separator: ", ")
      FileHandle.standardError.write(
        Data("forage-fuzz: unknown target \(name); one of \(names)\n".utf8)
      )
      exit(64)
    }
    return target
  }()

  /// A scratch file for readers that only read files, one per process.
  static let scratch = FileManager.default.temporaryDirectory
    .appendingPathComponent("forage-fuzz-\(getpid())")

  /// Feeds one input to the target's reader.
  func run(_ bytes: [UInt8]) {
    switch self {
    case .gpx: readTrack(bytes, .gpx)
    case .nmea: readTrack(bytes, .nmea)
    case .geojson: readTrack(bytes, .geojson)
    case .csv: readTrack(bytes, .csv)
    case .places:
      _ = try? PlaceDataset.parse(Data(bytes), file: "fuzz.geojson")
    case .recording:
      let url = Self.scratch.appendingPathExtension("recording")
      guard (try? Data(bytes).write(to: url)) != nil else { return }
      _ = try? RecordingFormat.read(url.path, limit: nil)
    case .permission:
      _ = try? PermissionScenario(parsing: String(decoding: bytes, as: UTF8.self))
      let url = Self.scratch.appendingPathExtension("json")
      guard (try? Data(bytes).write(to: url)) != nil else { return }
      _ = try? PermissionScenario(contentsOf: url)
    case .google:
      let provider = GoogleNearbySearchProvider(
        transport: UnusedTransport(),
        configuration: .init(apiKey: nil)
      )
      _ = try? provider.decodePage(HTTPResponse(status: 200, body: Data(bytes)), receivedAt: .zero)
    case .placesNew:
      let provider = PlacesNewProvider(
        transport: UnusedTransport(),
        configuration: .init(apiKey: nil)
      )
      _ = try? provider.decodePlaces(HTTPResponse(status: 200, body: Data(bytes)))
    case .mockRequest:
      readRequests(bytes)
    case .overpass:
      let provider = OverpassProvider(transport: UnusedTransport())
      _ = try? provider.decodePlaces(HTTPResponse(status: 200, body: Data(bytes)), language: "fi")
      _ = OverpassProvider.errorLine(inPage: Data(bytes))
    case .overpassQuery:
      _ = OverpassHandler(dataset: Self.overpassDataset).answer(
        String(decoding: bytes, as: UTF8.self)
      )
    }
  }

  /// A few places for the Overpass mock to run fuzzed queries over.
  static let overpassDataset = PlaceDataset(
    places: (0..<20).map { index in
      var place = DatasetPlace(
        id: index % 3 == 0 ? "osm-way-\(index + 1)" : "osm-node-\(index + 1)",
        name: "Place \(index) (\"x\")",
        latitude: 60.17 + Double(index) * 0.0005,
        longitude: 24.94
      )
      place.properties = ["amenity": index % 2 == 0 ? "restaurant" : "cafe"]
      return place
    }
  )

  /// Reads every event of a track held in memory.
  private func readTrack(_ bytes: [UInt8], _ format: TrackFormat) {
    guard let reader = try? TrackReader(bytes: bytes, format: format, name: "fuzz") else { return }
    do {
      while try reader.next() != nil {}
    } catch {}
  }

  /// Reads requests off a socket the bytes were written to, as the mock server does.
  private func readRequests(_ bytes: [UInt8]) {
    var pair: [Int32] = [0, 0]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else { return }
    defer {
      close(pair[0])
      close(pair[1])
    }
    // Inputs are capped by -max_len well below the socket buffer, so this never blocks.
    _ = bytes.withUnsafeBytes { write(pair[1], $0.baseAddress, $0.count) }
    shutdown(pair[1], Int32(SHUT_WR))
    let reader = RequestReader(fd: pair[0])
    for _ in 0..<1_000 {
      guard case .request = reader.next() else { return }
    }
  }
}

/// A transport the decoding targets never call.
struct UnusedTransport: HTTPTransport {
  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    throw HTTPError(.invalidRequest, "not used by the fuzz targets")
  }
}
