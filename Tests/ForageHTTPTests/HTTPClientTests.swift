import ForageHTTP
import Foundation
import MockPlaces
import Testing

@Suite struct HTTPClientTests {
  @Test func returnsStatusHeadersAndBody() async throws {
    try await withServer { server in
      let client = HTTPClient()
      let response = try await client.send(server.request("/json"))
      #expect(response.status == 200)
      #expect(response.header("content-type") == "application/json; charset=UTF-8")
      #expect(String(decoding: response.body, as: UTF8.self) == TestHandler.json)
      let missing = try await client.send(server.request("/nothing"))
      #expect(missing.status == 404)
    }
  }

  @Test func sendsMethodHeadersAndBody() async throws {
    try await withServer { server in
      let client = HTTPClient()
      let request = HTTPRequest(
        method: "PUT",
        url: URL(string: server.url.absoluteString + "/echo")!,
        headers: [("X-Goog-FieldMask", "places.id"), ("Content-Type", "application/json")],
        body: Data(#"{"a":1}"#.utf8)
      )
      let response = try await client.send(request)
      #expect(response.status == 201)
      #expect(response.header("X-Echo") == "yes")
      let lines = String(decoding: response.body, as: UTF8.self).split(separator: "\n")
      #expect(lines.prefix(2) == ["PUT", #"{"a":1}"#])
      #expect(lines.contains("x-goog-fieldmask=places.id"))
      #expect(!lines.contains { $0.hasPrefix("expect=") })
    }
  }

  @Test func reusesOneConnectionForSequentialRequests() async throws {
    try await withServer { server throws in
      let client = HTTPClient()
      for _ in 0..<20 {
        #expect(try await client.send(server.request("/json")).status == 200)
      }
      #expect(server.connectionCount == 1)
      #expect(server.journal.count == 20)
    }
  }

  @Test func carriesFiftyRequestsInFlightAtOnce() async throws {
    try await withServer(faults: ["delay:50"]) { server in
      let client = HTTPClient()
      let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
        for _ in 0..<50 {
          group.addTask { try await client.send(server.request("/json")).status }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(statuses == Array(repeating: 200, count: 50))
      #expect(server.journal.count == 50)
      #expect(server.connectionCount > 1)
      #expect(server.connectionCount <= 50)
    }
  }

  @Test func timesOutWhenTheServerIsSlow() async throws {
    try await withServer(faults: ["delay:20000"]) { server in
      let kind = await errorKind(HTTPClient(), server.request("/json", timeout: .milliseconds(200)))
      #expect(kind == .timedOut)
    }
  }

  @Test func cancellingTheTaskStopsTheTransferAndKeepsTheClientUsable() async throws {
    try await withServer(faults: ["delay:30000@next:1"]) { server throws in
      let client = HTTPClient()
      let task = Task { await errorKind(client, server.request("/json", timeout: .seconds(60))) }
      #expect(await server.journal.waitForCount(1))
      // Timed from the cancellation, so a loaded machine's slow start does not count: the
      // server holds the answer for 30 s, and cancelling ends the transfer long before.
      let cancelled = ContinuousClock.now
      task.cancel()
      #expect(await task.value == .cancelled)
      #expect(ContinuousClock.now - cancelled < .seconds(20))
      #expect(try await client.send(server.request("/json")).status == 200)
    }
  }

  @Test func aTaskCancelledBeforeSendingNeverReachesTheServer() async throws {
    try await withServer { server in
      let client = HTTPClient()
      let task = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return await errorKind(client, server.request("/json"))
      }
      #expect(await task.value == .cancelled)
      #expect(server.journal.count == 0)
    }
  }

  @Test func capsTheResponseSize() async throws {
    try await withServer { server in
      let client = HTTPClient(configuration: .init(maxResponseBytes: 1000))
      #expect(await errorKind(client, server.request("/big")) == .responseTooLarge)
      // Without a Content-Length the cap is enforced while the body streams in.
      let streaming = HTTPClient(configuration: .init(maxResponseBytes: 1000))
      try await withServer(faults: ["truncated:mode=close"]) { unannounced in
        #expect(await errorKind(streaming, unannounced.request("/big")) == .responseTooLarge)
      }
      #expect(try await client.send(server.request("/json")).status == 200)
    }
  }

  @Test func reportsARefusedConnection() async throws {
    let url = try await withServer { server in server.url }
    let request = HTTPRequest(url: url.appending(path: "json"), timeout: .seconds(5))
    #expect(await errorKind(HTTPClient(), request) == .connectFailed)
  }

  @Test func reportsAnUnresolvableHost() async {
    let request = HTTPRequest(
      url: URL(string: "http://forage-test.invalid/")!,
      timeout: .seconds(10)
    )
    #expect(await errorKind(HTTPClient(), request) == .dnsFailure)
  }

  @Test func rejectsSchemesOtherThanHTTP() async throws {
    let client = HTTPClient()
    let request = HTTPRequest(url: URL(string: "file:///etc/passwd")!)
    #expect(await errorKind(client, request) == .invalidRequest)
    let injected = HTTPRequest(
      url: URL(string: "http://127.0.0.1:1/")!,
      headers: [("X-A", "b\r\nX-Injected: 1")]
    )
    #expect(await errorKind(client, injected) == .invalidRequest)
  }

  @Test func errorMessagesNeverContainTheKey() async throws {
    try await withServer(faults: ["empty"]) { server in
      let request = HTTPRequest(
        url: URL(string: server.url.absoluteString + "/json?location=1,2&key=AIzaSyTOPSECRET")!
      )
      do throws(HTTPError) {
        _ = try await HTTPClient().send(request)
        Issue.record("expected an error")
      } catch {
        #expect(error.kind == .emptyReply)
        #expect(!error.description.contains("TOPSECRET"))
        #expect(error.message.contains("key=REDACTED"))
      }
    }
  }
}
