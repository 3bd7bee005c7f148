import ForageHTTP
import ForageLocation
import ForagePlaceDataset
import ForagePlaceModel
import ForageTracks
import Foundation
import NIOCore
import NIOEmbedded

@testable import ForageFinder
@testable import ForageProviders
@testable import ForageRecording
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
      var place = Place.dataset(
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

  /// Feeds the bytes to a connection of the mock server, as its socket would: NIO's HTTP/1.1
  /// decoder, then the server's own handling of what it decodes.
  private func readRequests(_ bytes: [UInt8]) {
    let channel = EmbeddedChannel()
    defer { _ = try? channel.finish() }
    let server = Self.mockServer
    server.journal.clear()
    do {
      try server.addConnectionHandlers(to: channel.pipeline.syncOperations, connection: 1)
      try channel.writeInbound(channel.allocator.buffer(bytes: bytes))
    } catch {
      return
    }
    channel.embeddedEventLoop.run()
    while case .some(.some) = try? channel.readOutbound(as: IOData.self) {}
  }

  /// The server whose connection handling ``readRequests(_:)`` fuzzes; it never listens.
  private static let mockServer = MockHTTPServer()
}

/// A transport the decoding targets never call.
struct UnusedTransport: HTTPTransport {
  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    throw HTTPError(.invalidRequest, "not used by the fuzz targets")
  }
}
