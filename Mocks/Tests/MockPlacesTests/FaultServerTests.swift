import Foundation
import Testing

@testable import MockPlaces

/// Each fault kind as seen on the wire by a raw socket client.
@Suite struct FaultServerTests {
  private static let body = #"{"results":[1,2,3,4,5,6,7,8,9,10],"status":"OK"}"#

  private func serve(_ spec: String) throws -> MockHTTPServer {
    let server = MockHTTPServer(
      handlers: [FixedHandler(path: "/json", body: Self.body)],
      faults: [try FaultRule(parsing: spec)]
    )
    try server.start()
    return server
  }

  @Test func statusFaultsSendTheStatusAndRetryAfter() throws {
    let server = try serve("http429:retry-after=2@next:1")
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.get("/json")
    let limited = try client.readResponse().get()
    #expect(limited.status == 429)
    #expect(limited.header("Retry-After") == "2")
    client.get("/json")
    #expect(try client.readResponse().get().text == Self.body)
    #expect(server.connectionCount == 1)
  }

  @Test func retryAfterCanBeAnHTTPDate() throws {
    let server = try serve("http503:retry-after=date+30")
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.get("/json")
    let response = try client.readResponse().get()
    #expect(response.status == 503)
    #expect(response.header("Retry-After")?.hasSuffix(" GMT") == true)
  }

  @Test func placesStatusFaultsAnswer200WithAnErrorStatus() throws {
    for (spec, status) in [
      ("over-query-limit", "OVER_QUERY_LIMIT"), ("unknown-error", "UNKNOWN_ERROR"),
    ] {
      let server = try serve(spec)
      defer { server.stop() }
      let client = try ServerTestClient(port: server.port)
      client.get("/json")
      let response = try client.readResponse().get()
      #expect(response.status == 200)
      let json = try response.json()
      #expect(json["status"] as? String == status)
      #expect((json["results"] as? [Any])?.isEmpty == true)
      #expect(json["error_message"] is String)
    }
  }

  @Test func resetSendsATCPReset() throws {
    let server = try serve("reset")
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.get("/json")
    #expect(client.readToEnd() == .reset(bytes: []))
  }

  @Test func emptyClosesWithoutAByte() throws {
    let server = try serve("empty")
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.get("/json")
    #expect(client.readToEnd() == .closed(bytes: []))
  }

  @Test func garbageSendsNonHTTPBytesThenCloses() throws {
    let server = try serve("garbage")
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.get("/json")
    #expect(client.readToEnd() == .closed(bytes: MockHTTPServer.garbageBytes))
  }

  @Test func truncatedAnnouncesTheFullLengthAndSendsHalf() throws {
    let server = try serve("truncated")
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.get("/json")
    guard case .closed(let bytes) = client.readToEnd() else {
      Issue.record("expected a clean close")
      return
    }
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("Content-Length: \(Self.body.utf8.count)\r\n"))
    #expect(text.hasSuffix("\r\n\r\n" + String(Self.body.prefix(Self.body.utf8.count / 2))))
  }

  @Test func truncatedByCloseSendsHalfABodyWithoutALength() throws {
    let server = try serve("truncated:mode=close")
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.get("/json")
    let response = try client.readResponse().get()
    #expect(response.header("Content-Length") == nil)
    #expect(response.header("Connection") == "close")
    #expect(response.text == String(Self.body.prefix(Self.body.utf8.count / 2)))
  }

  @Test func htmlAnswersAPageWithTheWrongContentType() throws {
    let server = try serve("html")
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.get("/json")
    let response = try client.readResponse().get()
    #expect(response.status == 200)
    #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
    #expect(response.text.contains("<html>"))
  }

  @Test func dribbleDeliversTheWholeResponseInPieces() throws {
    let server = try serve("dribble:1:chunk=7")
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.get("/json")
    #expect(try client.readResponse().get().text == Self.body)
  }

  @Test func delayStillDeliversTheNormalResponse() throws {
    let server = try serve("delay:20")
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.get("/json")
    #expect(try client.readResponse().get().text == Self.body)
  }

  @Test func adminRequestsAreNeverFaulted() throws {
    let server = try serve("empty")
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.get("/__admin/ping")
    #expect(try client.readResponse().get().status == 200)
    #expect(server.faults.statuses.first?.seen == 0)
  }

  @Test func faultsCanBeAddedListedAndClearedThroughTheAdminEndpoint() throws {
    let server = MockHTTPServer(handlers: [FixedHandler(path: "/json", body: Self.body)])
    try server.start()
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    let body = "http503@next:1\n# a comment\nhtml@every:2\n"
    client.send(
      "POST /__admin/faults HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    )
    let added = try client.readResponse().get()
    #expect(added.status == 201)
    #expect(added.text == #"{"added":["http503@next:1","html@every:2"]}"#)
    client.get("/json")
    #expect(try client.readResponse().get().status == 503)
    client.get("/__admin/faults")
    #expect(
      try client.readResponse().get().text
        == #"{"faults":[{"fired":0,"seen":0,"spec":"html@every:2"}]}"#
    )
    client.send("DELETE /__admin/faults HTTP/1.1\r\nHost: t\r\n\r\n")
    #expect(try client.readResponse().get().text == #"{"cleared":1}"#)
    client.send(
      "POST /__admin/faults?spec=explode HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n"
    )
    let rejected = try client.readResponse().get()
    #expect(rejected.status == 400)
    #expect(rejected.text.contains("unknown kind"))
    #expect(server.faults.rules.isEmpty)
  }
}
