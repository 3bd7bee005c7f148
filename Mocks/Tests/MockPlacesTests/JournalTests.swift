import Foundation
import Testing

@testable import MockPlaces

@Suite struct JournalTests {
  @Test func recordsRequestsWithKeysAndKeyHeadersRedacted() throws {
    let server = MockHTTPServer(handlers: [EchoHandler()])
    try server.start()
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.get(
      "/echo?location=1,2&key=AIzaSECRET&keyword=a+b",
      headers: ["X-Goog-Api-Key: AIzaSECRET2", "Authorization: Bearer t0k3n", "Accept: */*"]
    )
    _ = try client.readResponse().get()
    let entry = try #require(server.journal.entries.first)
    #expect(entry.sequence == 1)
    #expect(entry.method == "GET")
    #expect(entry.path == "/echo")
    #expect(entry.queryValue("key") == "REDACTED")
    #expect(entry.queryValue("keyword") == "a b")
    #expect(entry.header("x-goog-api-key") == "REDACTED")
    #expect(entry.header("Authorization") == "REDACTED")
    #expect(entry.header("Accept") == "*/*")
    let encoded = String(decoding: try JSONEncoder().encode(server.journal.entries), as: UTF8.self)
    #expect(!encoded.contains("SECRET"))
    #expect(!encoded.contains("t0k3n"))
  }

  @Test func redactsKeysInFormBodies() throws {
    let server = MockHTTPServer(handlers: [EchoHandler()])
    try server.start()
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    let body = "a=1&key=AIzaSECRET&b=2"
    client.send(
      "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    )
    _ = try client.readResponse().get()
    #expect(server.journal.entries.first?.body == "a=1&key=REDACTED&b=2")
  }

  @Test func listsCountsAndClearsThroughTheAdminEndpoints() throws {
    let server = MockHTTPServer(
      handlers: [EchoHandler()],
      faults: [try FaultRule(parsing: "http500@next:1")]
    )
    try server.start()
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.get("/echo/a?key=K1")
    _ = try client.readResponse().get()
    client.get("/echo/b")
    _ = try client.readResponse().get()
    client.get("/__admin/requests/count")
    #expect(try client.readResponse().get().text == #"{"count":2}"#)
    client.get("/__admin/requests/count?path=/echo/b")
    #expect(try client.readResponse().get().text == #"{"count":1}"#)
    client.get("/__admin/requests")
    let listing = try client.readResponse().get()
    #expect(!listing.text.contains("K1"))
    let json = try listing.json()
    let requests = try #require(json["requests"] as? [[String: Any]])
    #expect(requests.map { $0["path"] as? String } == ["/echo/a", "/echo/b"])
    #expect(requests.map { $0["fault"] as? String } == ["http500@next:1", nil])
    #expect(
      (requests[0]["query"] as? [[String: String]])?.first == ["name": "key", "value": "REDACTED"]
    )
    client.send("POST /__admin/requests/clear HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n")
    #expect(try client.readResponse().get().text == #"{"cleared":2}"#)
    #expect(server.journal.count == 0)
  }

  @Test func adminRequestsAreNotJournaled() throws {
    let server = MockHTTPServer()
    try server.start()
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.get("/__admin/ping")
    _ = try client.readResponse().get()
    client.get("/__admin/nonsense")
    #expect(try client.readResponse().get().status == 404)
    #expect(server.journal.count == 0)
  }

  @Test func waitForCountResumesWhenRequestsArriveAndTimesOutOtherwise() async throws {
    let server = MockHTTPServer(handlers: [EchoHandler()])
    try await server.whileListening {
      #expect(await server.journal.waitForCount(1, timeout: .milliseconds(20)) == false)
      let port = server.port
      let sender = Task.detached {
        let client = try ServerTestClient(port: port)
        client.get("/echo")
        client.get("/echo")
        _ = client.readResponse()
        _ = client.readResponse()
      }
      #expect(await server.journal.waitForCount(2) == true)
      try await sender.value
    }
  }
}
