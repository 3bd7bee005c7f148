import ForageHTTP
import ForageTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built `mock-places` binary: its first line, its exit codes, its errors.
@Suite struct MockPlacesCommandTests {
  /// A small dataset file in a temporary directory, with one feature to skip.
  static func writeDataset(_ text: String? = nil) throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("mock-places-\(UUID().uuidString).geojson")
    let body =
      text
        ?? """
        {"type":"FeatureCollection","features":[
         {"type":"Feature","geometry":{"type":"Point","coordinates":[24.941,60.171]},
          "properties":{"id":"a","name":"Alpha","amenity":"restaurant"}},
         {"type":"Feature","geometry":null,"properties":{"id":"b","name":"Lost"}}
        ]}
        """
    try Data(body.utf8).write(to: url)
    return url
  }

  @Test func printsItsURLFirstServesAndExitsZeroOnSIGTERM() async throws {
    let dataset = try Self.writeDataset()
    defer { try? FileManager.default.removeItem(at: dataset) }
    let server = try MockPlacesProcess(["--dataset", dataset.path, "--api-key", "AIzaCLIKey"])
    #expect(server.firstLine.hasPrefix("listening on http://127.0.0.1:"))
    let url = URL(
      string: server.baseURL.absoluteString
        + "/maps/api/place/nearbysearch/json?location=60.171,24.941&radius=100&key=AIzaCLIKey"
    )!
    let response = try await HTTPClient().send(HTTPRequest(url: url, timeout: .seconds(5)))
    let body = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    #expect(body?["status"] as? String == "OK")
    #expect((body?["results"] as? [[String: Any]])?.first?["place_id"] as? String == "a")
    #expect(server.stop(SIGTERM) == 0)
    #expect(
      server.standardError.contains(
        "mock-places: warning: \(dataset.path):4: feature 1 (b): no geometry; skipped"
      )
    )
    #expect(!server.standardError.contains("AIzaCLIKey"))
  }

  @Test func exitsZeroOnSIGINTAndAppliesCommandLineFaults() async throws {
    let dataset = try Self.writeDataset()
    defer { try? FileManager.default.removeItem(at: dataset) }
    let server = try MockPlacesProcess([
      "--dataset", dataset.path, "--port", "0", "--page-token-delay", "0", "--fault",
      "over-query-limit@next:1",
    ])
    let url = URL(
      string: server.baseURL.absoluteString
        + "/maps/api/place/nearbysearch/json?location=60.171,24.941&radius=100"
    )!
    let client = HTTPClient()
    let first = try await client.send(HTTPRequest(url: url, timeout: .seconds(5)))
    let second = try await client.send(HTTPRequest(url: url, timeout: .seconds(5)))
    #expect(String(decoding: first.body, as: UTF8.self).contains("OVER_QUERY_LIMIT"))
    #expect(String(decoding: second.body, as: UTF8.self).contains(#""status":"OK""#))
    #expect(server.stop(SIGINT) == 0)
  }

  @Test(arguments: [
    ["--port", "abc"], ["--fault", "bogus"], ["--page-token-delay=-1"], ["--api-key", ""], [],
  ])
  func rejectsBadArgumentsWithExitCode64(extra: [String]) throws {
    let dataset = try Self.writeDataset()
    defer { try? FileManager.default.removeItem(at: dataset) }
    let arguments = extra.isEmpty ? [] : ["--dataset", dataset.path] + extra
    let result = try BuiltBinary.run("mock-places", arguments)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    // One line, as forage says it: what is wrong, and where the help is.
    #expect(result.stderr.hasPrefix("mock-places: "), "\(result.stderr)")
    #expect(result.stderr.hasSuffix(" (see 'mock-places --help')\n"), "\(result.stderr)")
    #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
  }

  @Test func reportsAMissingDatasetWithExitCode74() throws {
    let result = try BuiltBinary.run("mock-places", ["--dataset", "/nonexistent/places.geojson"])
    #expect(result.status == 74)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.hasPrefix(
        "mock-places: /nonexistent/places.geojson: cannot read places dataset"
      )
    )
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test func reportsAMalformedDatasetWithLineColumnAndExitCode65() throws {
    let dataset = try Self.writeDataset("{\"type\":\"FeatureCollection\",\n\"features\":[,]}")
    defer { try? FileManager.default.removeItem(at: dataset) }
    let result = try BuiltBinary.run("mock-places", ["--dataset", dataset.path])
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "mock-places: \(dataset.path):2:13: not a GeoJSON places dataset: "
        + "expected a JSON value but found ','\n"
    )
    let notCollection = try Self.writeDataset(#"{"type":"Feature"}"#)
    defer { try? FileManager.default.removeItem(at: notCollection) }
    let second = try BuiltBinary.run("mock-places", ["--dataset", notCollection.path])
    #expect(second.status == 65)
    #expect(
      second.stderr.contains("expected a GeoJSON object with \"type\": \"FeatureCollection\"")
    )
  }
}
