import ForageHTTP
import Foundation
import MockPlaces
import Testing

/// Every fault the mock server injects, as the libcurl client reports it.
@Suite struct FaultClientTests {
  /// Sends one GET for `/json` from a fresh client to a server applying `spec`.
  private func outcome(
    _ spec: String,
    timeout: Duration = .seconds(10)
  ) async throws -> Result<HTTPResponse, HTTPError> {
    try await withServer(faults: [spec]) { server in
      do throws(HTTPError) {
        return .success(try await HTTPClient().send(server.request("/json", timeout: timeout)))
      } catch {
        return .failure(error)
      }
    }
  }

  private func kind(
    _ spec: String,
    timeout: Duration = .seconds(10)
  ) async throws -> HTTPError.Kind? {
    if case .failure(let error) = try await outcome(spec, timeout: timeout) { return error.kind }
    return nil
  }

  @Test func resetIsAConnectionReset() async throws {
    #expect(try await kind("reset") == .connectionReset)
  }

  @Test func emptyIsAnEmptyReply() async throws {
    #expect(try await kind("empty") == .emptyReply)
  }

  @Test func garbageIsAMalformedResponse() async throws {
    #expect(try await kind("garbage") == .malformedResponse)
  }

  @Test func truncatedWithALyingLengthIsAConnectionReset() async throws {
    #expect(try await kind("truncated") == .connectionReset)
  }

  @Test func truncatedByCloseArrivesAsHalfABody() async throws {
    let response = try await outcome("truncated:mode=close").get()
    #expect(response.status == 200)
    #expect(response.body == Data(TestHandler.json.utf8).prefix(TestHandler.json.utf8.count / 2))
  }

  @Test func delayBeyondTheTimeoutIsATimeout() async throws {
    #expect(try await kind("delay:10000", timeout: .milliseconds(300)) == .timedOut)
  }

  @Test func dribbleDeliversSlowlyButCompletely() async throws {
    let response = try await outcome("dribble:2:chunk=20").get()
    #expect(String(decoding: response.body, as: UTF8.self) == TestHandler.json)
  }

  @Test func dribbleBeyondTheTimeoutIsATimeout() async throws {
    #expect(try await kind("dribble:100:chunk=1", timeout: .milliseconds(500)) == .timedOut)
  }

  @Test func statusFaultsArriveAsResponses() async throws {
    for (spec, status) in [("http429:retry-after=2", 429), ("http500", 500), ("http503", 503)] {
      let response = try await outcome(spec).get()
      #expect(response.status == status, "\(spec)")
      #expect(response.header("Retry-After") == (status == 429 ? "2" : nil), "\(spec)")
    }
  }

  @Test func placesErrorStatusesArriveAsHTTP200() async throws {
    for (spec, status) in [
      ("over-query-limit", "OVER_QUERY_LIMIT"), ("unknown-error", "UNKNOWN_ERROR"),
    ] {
      let response = try await outcome(spec).get()
      #expect(response.status == 200)
      let json = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
      #expect(json?["status"] as? String == status)
    }
  }

  @Test func htmlArrivesWithTheWrongContentType() async throws {
    let response = try await outcome("html").get()
    #expect(response.status == 200)
    #expect(response.header("Content-Type")?.hasPrefix("text/html") == true)
    #expect(String(decoding: response.body, as: UTF8.self).contains("<html>"))
  }
}
