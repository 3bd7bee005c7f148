import ForageTestSupport
import Foundation
import Testing

/// Faults lose nothing: with a fifth of requests faulted by an independent proxy between forage
/// and the mock server (503, a reset, a garbled body, OVER_QUERY_LIMIT, a reply slower than the
/// request timeout), every delivered fix still gets its answer, and every answer is the oracle's.
@Suite struct FaultProxyTests {
  /// A fault-injecting HTTP proxy on 127.0.0.1, written for this test (not the mock's own
  /// faults): one request a connection, forwarded with `Connection: close`, a seeded fifth of
  /// them faulted. It prints its port, then serves until killed.
  static let proxy = #"""
    import random, socket, sys, threading, time
    upstream_port, seed = int(sys.argv[1]), int(sys.argv[2])
    rng, lock = random.Random(seed), threading.Lock()
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0)); listener.listen(64)
    print(listener.getsockname()[1], flush=True)
    def read_request(conn):
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = conn.recv(65536)
            if not chunk: return None
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length": length = int(value.strip())
        while len(body) < length:
            chunk = conn.recv(65536)
            if not chunk: break
            body += chunk
        lines = [l for l in head.split(b"\r\n") if not l.lower().startswith(b"connection:")]
        return b"\r\n".join(lines + [b"Connection: close"]) + b"\r\n\r\n" + body
    def reply(conn, status, body):
        conn.sendall(b"HTTP/1.1 %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s" % (status, len(body), body))
    def handle(conn):
        try:
            request = read_request(conn)
            if request is None: return
            with lock:
                fault = rng.choice(["503", "reset", "garbage", "limit", "slow"]) if rng.random() < 0.2 else None
            if fault == "503": reply(conn, b"503 Service Unavailable", b"{}"); return
            if fault == "reset":
                conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00"); return
            if fault == "garbage": reply(conn, b"200 OK", b"\x00\xff<<garbage>>"); return
            if fault == "limit": reply(conn, b"200 OK", b'{"results":[],"status":"OVER_QUERY_LIMIT"}'); return
            if fault == "slow": time.sleep(1.5)
            upstream = socket.create_connection(("127.0.0.1", upstream_port))
            upstream.sendall(request)
            while True:
                chunk = upstream.recv(65536)
                if not chunk: break
                conn.sendall(chunk)
            upstream.close()
        except OSError:
            pass
        finally:
            conn.close()
    while True:
        conn, _ = listener.accept()
        threading.Thread(target=handle, args=(conn,), daemon=True).start()
    """#

  @Test(arguments: [1, 2, 3])
  func everyFixIsAnsweredThroughAFaultyProxy(seed: Int) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let track = try FinderFixtures.walkSample(every: 10, count: 200, in: directory)
    let server = try MockPlacesProcess(dataset: FinderFixtures.helsinkiPlaces, arguments: [])
    defer { server.stop() }
    let upstream = try #require(server.url.port)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", Self.proxy, String(upstream), String(seed)]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    defer {
      // SIGKILL: a child started from a test thread inherits that thread's blocked signals, so
      // Python would never see SIGTERM.
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    var portLine = Data()
    while !portLine.contains(UInt8(ascii: "\n")) {
      let byte = output.fileHandleForReading.readData(ofLength: 1)
      try #require(!byte.isEmpty, "the proxy did not start")
      portLine.append(byte)
    }
    let port = try #require(
      Int(String(decoding: portLine, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    )

    let result = try FinderFixtures.forage([
      "run", "--track", track.path, "--api-base", "http://127.0.0.1:\(port)",
      // The proxy's OVER_QUERY_LIMIT is the legacy wire's.
      "--provider", "google-legacy", "--network-time", "virtual", "--request-timeout", "0.5",
    ])

    #expect(result.status == 0, "\(result.stderr)")
    let run = try RunOutput(ndjson: result.stdout)
    try RunFaultTests.expectCorrect(run, failuresAllowed: false)
    #expect(run.answeredFixes.count == 200)
    // The proxy did fault requests: retried attempts were reported.
    #expect(run.named("error").contains { $0.retrying == true })
  }
}
