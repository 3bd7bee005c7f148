import Foundation
import Testing

@testable import MockPlaces

/// HTTP/1.1 on the wire as NIO's codec serves it: hostile input, pipelining, `HEAD`,
/// `Expect: 100-continue`, and the asynchronous start and stop.
@Suite struct ServerProtocolTests {
  @Test func answersMalformedRequestsWith400AndKeepsServingOthers() throws {
    let server = MockHTTPServer(handlers: [EchoHandler()])
    try server.start()
    defer { server.stop() }
    for hostile in ["HELLO\r\n\r\n", "GET / HTTP/1.1\r\nBad Header\r\n\r\n", "\u{0}\u{1}\r\n\r\n"] {
      let client = try ServerTestClient(port: server.port)
      client.send(hostile)
      let rejected = try client.readResponse().get()
      #expect(rejected.status == 400)
      #expect(rejected.header("Connection") == "close")
      #expect(client.readToEnd() == .closed(bytes: []))
    }
    let client = try ServerTestClient(port: server.port)
    client.get("/echo")
    #expect(try client.readResponse().get().status == 200)
    #expect(server.journal.count == 1)
  }

  @Test func answersPipelinedRequestsInOrder() throws {
    let server = MockHTTPServer(
      handlers: [EchoHandler()],
      faults: [try FaultRule(parsing: "delay:30@next:1")]
    )
    try server.start()
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.send(
      (1...3).map { "GET /echo?n=\($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined()
    )
    for index in 1...3 {
      let query = try client.readResponse().get().json()["query"] as? [[String]]
      #expect(query == [["n", "\(index)"]])
    }
    #expect(server.connectionCount == 1)
  }

  @Test func answersAClientThatClosedItsSideAfterAsking() throws {
    let server = MockHTTPServer(
      handlers: [EchoHandler()],
      faults: [try FaultRule(parsing: "delay:20@next:1")]
    )
    try server.start()
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.send((1...2).map { "GET /echo?n=\($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
    client.closeWrite()
    for index in 1...2 {
      let query = try client.readResponse().get().json()["query"] as? [[String]]
      #expect(query == [["n", "\(index)"]])
    }
    #expect(client.readToEnd() == .closed(bytes: []))
  }

  @Test func answersHeadWithTheLengthButNoBody() throws {
    let body = #"{"a":1}"#
    let server = MockHTTPServer(handlers: [FixedHandler(path: "/a", body: body)])
    try server.start()
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.send("HEAD /a HTTP/1.1\r\nHost: t\r\n\r\nGET /a HTTP/1.1\r\nHost: t\r\n\r\n")
    let head = try client.readResponse(toHead: true).get()
    #expect(head.status == 200)
    #expect(head.header("Content-Length") == "\(body.utf8.count)")
    #expect(head.body.isEmpty)
    #expect(try client.readResponse().get().text == body)
  }

  @Test func sendsContinueBeforeReadingAnExpectedBody() throws {
    let server = MockHTTPServer(handlers: [EchoHandler()])
    try server.start()
    defer { server.stop() }
    let client = try ServerTestClient(port: server.port)
    client.send(
      "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n"
    )
    #expect(try client.readResponse().get().status == 100)
    client.send("hi")
    #expect(try client.readResponse().get().json()["body"] as? String == "hi")
  }

  @Test func startsAndStopsFromAsynchronousCode() async throws {
    let server = MockHTTPServer(handlers: [EchoHandler()])
    try await server.startListening()
    #expect(server.port != 0)
    await #expect(throws: MockServerError.notStartable) { try await server.startListening() }
    let port = server.port
    let answered = try await Task.detached {
      let client = try ServerTestClient(port: port)
      client.get("/echo")
      return try client.readResponse().get().status
    }.value
    #expect(answered == 200)
    await server.shutdown()
    #expect(server.openConnectionCount == 0)
    #expect(throws: POSIXError.self) { try ServerTestClient(port: port) }
  }

  @Test func whileListeningShutsDownWhenTheBodyThrows() async throws {
    struct Thrown: Error {}
    let server = MockHTTPServer(handlers: [EchoHandler()])
    var port: UInt16 = 0
    await #expect(throws: Thrown.self) {
      try await server.whileListening {
        port = server.port
        _ = try ServerTestClient(port: port)
        throw Thrown()
      }
    }
    #expect(port != 0)
    #expect(server.openConnectionCount == 0)
    #expect(throws: POSIXError.self) { try ServerTestClient(port: port) }
  }

  @Test func reportsAPortInUse() throws {
    let first = MockHTTPServer()
    try first.start()
    defer { first.stop() }
    let second = MockHTTPServer(port: first.port)
    #expect(throws: MockServerError.self) { try second.start() }
  }
}
