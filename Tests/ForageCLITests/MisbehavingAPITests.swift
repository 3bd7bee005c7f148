import ForagePlaceModel
import ForageTestSupport
import Foundation
import Testing

/// `forage run` against APIs that misbehave in every way a peer can (each a server of this
/// test's own on 127.0.0.1): every run ends in bounded requests, says why in one line, never
/// exits 0 with fixes unanswered, and leaves existing outputs as they were when it fails.
@Suite struct MisbehavingAPITests {
  /// A Google Nearby Search answer with `count` places near the walk's start.
  static func googlePage(count: Int, token: String? = nil, offset: Int = 0) -> String {
    let results = (0..<count).map { index in
      let n = index + offset
      return #"{"place_id":"p\#(n)","name":"Place \#(n)","#
        + #""geometry":{"location":{"lat":\#(60.1710 + Double(n) * 0.0001),"lng":24.9433}}}"#
    }
    let next = token.map { #","next_page_token":"\#($0)""# } ?? ""
    return #"{"status":"OK","results":[\#(results.joined(separator: ","))]\#(next)}"#
  }

  /// How an API misbehaves, and the most requests a run against it may make.
  struct Misbehaviour: Sendable, CustomTestStringConvertible {
    var name: String
    var provider = "google-legacy"
    var extra: [String] = []
    var answer: @Sendable (ScriptedHTTPServer.Request) -> ScriptedHTTPServer.Response
    var mostRequests: Int
    var testDescription: String { name }
  }

  static let refusals: [Misbehaviour] =
    [
      Misbehaviour(
        name: "OVER_QUERY_LIMIT from the first request",
        answer: { _ in .init(body: #"{"status":"OVER_QUERY_LIMIT","results":[]}"#) },
        mostRequests: 6
      ),
      Misbehaviour(
        name: "REQUEST_DENIED",
        answer: { _ in .init(body: #"{"status":"REQUEST_DENIED","results":[]}"#) },
        mostRequests: 3
      ),
      Misbehaviour(
        name: "UNKNOWN_ERROR for good",
        answer: { _ in .init(body: #"{"status":"UNKNOWN_ERROR","results":[]}"#) },
        mostRequests: 6
      ),
      Misbehaviour(
        name: "Places API (New) 429",
        provider: "places-new",
        answer: { _ in
          .init(
            status: 429,
            body: #"{"error":{"code":429,"status":"RESOURCE_EXHAUSTED","message":"quota"}}"#
          )
        },
        mostRequests: 6
      ),
      // Answers whose every result is unusable are not "no places here" (they were answered
      // as none, exit 0, and a places cache kept the area empty).
      Misbehaviour(
        name: "Places API (New) places that are all null",
        provider: "places-new",
        answer: { _ in .init(body: #"{"places":[null,null]}"#) },
        mostRequests: 6
      ),
      Misbehaviour(
        name: "Places API (New) places with no location",
        provider: "places-new",
        answer: { _ in .init(body: #"{"places":[{"id":"a"},{"id":"b"}]}"#) },
        mostRequests: 6
      ),
      Misbehaviour(
        name: "Places API (New) places at latitude 999",
        provider: "places-new",
        answer: { _ in
          .init(body: #"{"places":[{"id":"a","location":{"latitude":999,"longitude":24.9}}]}"#)
        },
        mostRequests: 6
      ),
      Misbehaviour(
        name: "legacy results with no geometry",
        answer: { _ in .init(body: #"{"status":"OK","results":[{"place_id":"a"}]}"#) },
        mostRequests: 6
      ),
      Misbehaviour(
        name: "Overpass 429",
        provider: "overpass",
        answer: { _ in .init(status: 429, body: "rate limited", headers: ["Retry-After: 1"]) },
        mostRequests: 6
      ),
    ]
    + [400, 401, 403, 404, 408, 429, 500, 502, 503, 504].map { status in
      Misbehaviour(
        name: "HTTP \(status) from the first request",
        answer: { _ in .init(status: status, body: "{}") },
        mostRequests: 6
      )
    }

  /// Runs the 30-fix walk prefix against a server that answers as `misbehaviour` says.
  static func run(
    _ misbehaviour: Misbehaviour,
    in directory: URL,
    extra: [String] = []
  ) throws -> (BinaryResult, [ScriptedHTTPServer.Request]) {
    let server = try ScriptedHTTPServer(answer: misbehaviour.answer)
    defer { server.close() }
    let track = try FinderFixtures.walkPrefix(30, in: directory)
    let result = try FinderFixtures.forage(
      [
        "run", "--track", track.path, "--api-base", "http://127.0.0.1:\(server.port)",
        "--provider", misbehaviour.provider, "--network-time", "virtual",
      ] + misbehaviour.extra + extra,
      environment: ["PLACES_API_KEY": "AIzaTESTKEYTESTKEYTESTKEYTESTKEY1234567"]
    )
    return (result, server.requests)
  }

  @Test(arguments: refusals)
  func anAPIThatRefusesFromTheStartEndsWith69InBoundedRequests(
    misbehaviour: Misbehaviour
  ) throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("out.ndjson")
    try Data("old output\n".utf8).write(to: output)
    let (result, requests) = try Self.run(
      misbehaviour,
      in: directory,
      extra: ["--output", output.path]
    )
    #expect(result.status == 69, "\(result.stderr)")
    #expect(requests.count <= misbehaviour.mostRequests, "\(requests.count) requests")
    // Places API (New) at its default limit, 20 (its cap), is also told the cache cannot help.
    let lines = result.stderr.split(separator: "\n").filter {
      !$0.contains("warning: with --limit")
    }
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(lines.first?.contains("unusable") == true, "\(result.stderr)")
    // An answer of unusable places says what a place needs.
    if misbehaviour.name.contains("places") || misbehaviour.name.contains("results") {
      #expect(
        lines.first?.contains("each needs an id and a position, latitude -90 to 90") == true,
        "\(result.stderr)"
      )
    }
    // The run failed: the old output is as it was, and no temporary file is left.
    #expect(try String(contentsOf: output, encoding: .utf8) == "old output\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 2)
  }

  @Test func theSamePageTokenForeverIsAskedOnce() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let misbehaviour = Misbehaviour(
      name: "the same next_page_token forever",
      answer: { _ in .init(body: Self.googlePage(count: 20, token: "SAME")) },
      mostRequests: 40
    )
    let (result, requests) = try Self.run(misbehaviour, in: directory)
    #expect(result.status == 69, "\(result.stderr)")
    #expect(requests.count <= misbehaviour.mostRequests, "\(requests.count) requests")
    let tokenRequests = requests.filter { $0.target.contains("pagetoken=SAME") }
    // Each round of the first search asks the token once, and sees it come back.
    #expect(tokenRequests.count <= 6, "\(tokenRequests.count) page requests")
    #expect(result.stderr.contains("next_page_token"), "\(result.stderr)")
  }

  @Test func newPageTokensForeverStopAtThreePagesASearch() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let misbehaviour = Misbehaviour(
      name: "a new next_page_token every page",
      extra: ["--query-policy", "every-fix"],
      answer: { request in .init(body: Self.googlePage(count: 20, token: "T\(request.index)")) },
      mostRequests: 90
    )
    let (result, requests) = try Self.run(misbehaviour, in: directory)
    #expect(result.status == 0, "\(result.stderr)")
    let searches = requests.filter { !$0.target.contains("pagetoken=") }.count
    #expect(requests.count <= 3 * searches, "\(requests.count) requests for \(searches) searches")
    #expect(requests.count <= misbehaviour.mostRequests)
  }

  @Test func anAPIThatDiesMidRunEndsTheRunAndCountsTheFixesLeft() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("out.ndjson")
    let record = directory.appendingPathComponent("run.actions")
    try Data("old output\n".utf8).write(to: output)
    try Data("old record\n".utf8).write(to: record)
    let misbehaviour = Misbehaviour(
      name: "HTTP 500 for good after the first answer",
      extra: ["--query-policy", "every-fix"],
      answer: { request in
        request.index == 0 ? .init(body: Self.googlePage(count: 3)) : .init(status: 500, body: "{}")
      },
      // The first answer, then three searches of 4 rounds of 3 attempts.
      mostRequests: 1 + 3 * 12
    )
    let (result, requests) = try Self.run(
      misbehaviour,
      in: directory,
      extra: ["--output", output.path, "--record", record.path]
    )
    #expect(result.status == 69, "\(result.stderr)")
    #expect(requests.count <= misbehaviour.mostRequests, "\(requests.count) requests")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(lines.first?.contains("stopped answering") == true, "\(result.stderr)")
    #expect(lines.first?.contains("3 of") == true, "\(result.stderr)")
    #expect(try String(contentsOf: output, encoding: .utf8) == "old output\n")
    #expect(try String(contentsOf: record, encoding: .utf8) == "old record\n")
  }

  @Test func theSummaryCountsTheFixesLeftUnanswered() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let misbehaviour = Misbehaviour(
      name: "HTTP 500 for good after the first answer",
      extra: ["--query-policy", "every-fix"],
      answer: { request in
        request.index == 0 ? .init(body: Self.googlePage(count: 3)) : .init(status: 500, body: "{}")
      },
      mostRequests: 37
    )
    let (result, _) = try Self.run(misbehaviour, in: directory)
    let summary = try #require(result.stdout.split(separator: "\n").last)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(summary.utf8)) as? [String: Any]
    )
    #expect(object["event"] as? String == "summary")
    #expect(object["fixes_unanswered"] as? Int == 3)
  }

  @Test func credentialsInTheAPIURLAreNeverShownOrKept() throws {
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try ScriptedHTTPServer { _ in .init(status: 404, body: "{}") }
    defer { server.close() }
    let track = try FinderFixtures.walkPrefix(5, in: directory)
    let cache = directory.appendingPathComponent("places.sqlite")
    let base = "http://someone:hunter2secret@127.0.0.1:\(server.port)/"
    let result = try FinderFixtures.forage(
      [
        "run", "--track", track.path, "--api-base", base, "--network-time", "virtual",
        "--places-cache", cache.path, "--log-level", "trace",
      ],
      environment: ["PLACES_API_KEY": "k"]
    )
    #expect(result.status == 69, "\(result.stderr)")
    for secret in ["hunter2secret"] {
      #expect(!result.stderr.contains(secret), "\(result.stderr)")
      #expect(!result.stdout.contains(secret))
      let stored = try Data(contentsOf: cache)
      #expect(stored.range(of: Data(secret.utf8)) == nil, "the cache file holds \(secret)")
    }
    for arguments in [
      ["--notify-url", "ftp://someone:hunter2secret@example.com/"],
      ["--api-base", "http://127.0.0.1:\(server.port)/?token=hunter2secret"],
      ["--api-base", "gopher://someone:hunter2secret@127.0.0.1/"],
    ] {
      let usage = try FinderFixtures.forage(["run", "--track", track.path] + arguments)
      #expect(usage.status == 64)
      #expect(!usage.stderr.contains("hunter2secret"), "\(usage.stderr)")
    }
  }

  @Test func aServerThatEchoesTheCredentialsCannotMakeThemShown() throws {
    let directory = try FinderFixtures.workFolder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let server = try ScriptedHTTPServer { request in
      .init(
        status: 403,
        body: #"{"status":"REQUEST_DENIED","error_message":"you sent alice:pa55word and "#
          + #"YWxpY2U6cGE1NXdvcmQ= and SECRETKEYVALUE123 in \#(request.target)","results":[]}"#
      )
    }
    defer { server.close() }
    let result = try FinderFixtures.forage(
      [
        "run", "--track", "walk.gpx", "--api-base",
        "http://alice:pa55word@127.0.0.1:\(server.port)", "--provider", "google-legacy",
        "--network-time", "virtual", "--log-level", "trace", "--record", "r.nd",
      ],
      in: directory,
      environment: ["PLACES_API_KEY": "SECRETKEYVALUE123"]
    )
    #expect(result.status == 69, "\(result.stderr)")
    #expect(result.stderr.contains("REQUEST_DENIED"), "\(result.stderr)")
    for secret in ["pa55word", "YWxpY2U6cGE1NXdvcmQ=", "SECRETKEYVALUE123"] {
      #expect(!result.stderr.contains(secret), "\(secret) in \(result.stderr)")
      #expect(!result.stdout.contains(secret), "\(secret) on standard output")
    }
    // A short key is redacted where it stands as a key, not inside words.
    let short = try FinderFixtures.forage(
      [
        "run", "--track", "walk.gpx", "--api-base", "http://127.0.0.1:\(server.port)",
        "--provider", "google-legacy", "--network-time", "virtual",
      ],
      in: directory,
      environment: ["PLACES_API_KEY": "k"]
    )
    #expect(!short.stderr.contains("ranREDACTEDby"), "\(short.stderr)")
  }

  @Test func anOKAnswerWithoutResultsIsMalformedNotEmpty() throws {
    let directory = try FinderFixtures.workFolder()
    defer { try? FileManager.default.removeItem(at: directory) }
    for body in [#"{"status":"OK"}"#, #"{"status":"OK","results":{"a":1}}"#] {
      let server = try ScriptedHTTPServer { _ in .init(body: body) }
      defer { server.close() }
      let result = try FinderFixtures.forage(
        [
          "run", "--track", "walk.gpx", "--api-base", "http://127.0.0.1:\(server.port)",
          "--network-time", "virtual", "--provider", "google-legacy",
        ],
        in: directory,
        environment: ["PLACES_API_KEY": "k"]
      )
      #expect(result.status == 69, "\(body): \(result.stderr)")
      #expect(result.stderr.contains("results"), "\(result.stderr)")
    }
  }
}
