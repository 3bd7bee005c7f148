import Foundation
import Testing

@testable import MockPlaces

@Suite struct ServerTests {
  @Test func bindsAnEphemeralLoopbackPortAndAnswersPing() throws {
    let server = MockHTTPServer()
    try server.start()
    defer { server.stop() }
    #expect(server.port != 0)
    #expect(server.url.absoluteString == "http://127.0.0.1:\(server.port)")
    let client = try ServerTestClient(port: server.port)
    client.get("/__admin/ping")
    let response = try client.readResponse().get()
    #expect(response.status == 200)
    #expect(response.text == #"{"status":"ok"}"#)
  }

  @Test func keepsOneConnectionAliveAcrossRequests() throws {
    let server = MockHTTPServer(handlers: [EchoHandler()])
    try server.start()
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    for index in 0..<5 {
      client.get("/echo?n=\(index)")
      let response = try client.readResponse().get()
      #expect(response.status == 200)
      #expect(response.header("Connection") == "keep-alive")
    }
    #expect(server.connectionCount == 1)
    #expect(server.journal.entries.map(\.connection) == [1, 1, 1, 1, 1])
  }

  @Test func closesTheConnectionWhenTheClientAsks() throws {
    let server = MockHTTPServer(handlers: [EchoHandler()])
    try server.start()
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.get("/echo", headers: ["Connection: close"])
    let response = try client.readResponse().get()
    #expect(response.header("Connection") == "close")
    #expect(client.readToEnd() == .closed(bytes: []))
  }

  @Test func decodesPercentEscapesAndPlusInTheQuery() throws {
    let server = MockHTTPServer(handlers: [EchoHandler()])
    try server.start()
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.get("/echo%20x?keyword=fish+%26+chips&name=caf%C3%A9&flag&empty=")
    let json = try client.readResponse().get().json()
    #expect(json["path"] as? String == "/echo x")
    let query = json["query"] as? [[String]]
    #expect(
      query == [["keyword", "fish & chips"], ["name", "café"], ["flag", ""], ["empty", ""]]
    )
  }

  @Test func readsBodiesByContentLengthAndChunkedCoding() throws {
    let server = MockHTTPServer(handlers: [EchoHandler()])
    try server.start()
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello")
    #expect(try client.readResponse().get().json()["body"] as? String == "hello")
    client.send(
      "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n"
    )
    #expect(try client.readResponse().get().json()["body"] as? String == "abcde")
    #expect(server.connectionCount == 1)
  }

  @Test func asksHandlersInOrderAndAnswers404WhenNoneServes() throws {
    let server = MockHTTPServer(handlers: [
      FixedHandler(path: "/a", body: #"{"first":true}"#),
      FixedHandler(path: "/a", body: #"{"second":true}"#),
      FixedHandler(path: "/b", body: #"{"b":true}"#),
    ])
    try server.start()
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.get("/a")
    #expect(try client.readResponse().get().text == #"{"first":true}"#)
    client.get("/b")
    #expect(try client.readResponse().get().text == #"{"b":true}"#)
    client.get("/nothing")
    let missing = try client.readResponse().get()
    #expect(missing.status == 404)
    #expect(missing.header("Content-Type")?.hasPrefix("application/json") == true)
  }

  @Test func rejectsARequestThatIsNotHTTP() throws {
    let server = MockHTTPServer()
    try server.start()
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.send("HELLO\r\n\r\n")
    #expect(try client.readResponse().get().status == 400)
  }

  @Test func stopClosesOpenConnectionsAndWaitingFaults() throws {
    let server = MockHTTPServer(
      handlers: [EchoHandler()],
      faults: [try FaultRule(parsing: "delay:60000")]
    )
    try server.start()
    let port = server.port
    let idle = try ServerTestClient(port: port)
    idle.get("/__admin/ping")
    _ = try idle.readResponse().get()
    let waiting = try ServerTestClient(port: port)
    waiting.get("/echo")
    let started = ContinuousClock.now
    server.stop()
    #expect(ContinuousClock.now - started < .seconds(30))
    #expect(server.openConnectionCount == 0)
    #expect(idle.readToEnd() == .closed(bytes: []))
    #expect(throws: POSIXError.self) { try ServerTestClient(port: port) }
  }

  @Test func refusesToStartTwice() throws {
    let server = MockHTTPServer()
    try server.start()
    defer { server.stop() }
    #expect(throws: MockServerError.notStartable) { try server.start() }
  }

  @Test func reportsAnUnusableHost() {
    let server = MockHTTPServer(host: "not a host name")
    #expect(throws: MockServerError.self) { try server.start() }
  }
}
