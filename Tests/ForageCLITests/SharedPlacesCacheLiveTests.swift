import ForageTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Live `forage run --gpsd` processes sharing a PostgreSQL places cache while they run: one
/// learns what another searched, and a server restarted, or gone for good, in the middle of a
/// run. Each receiver is a ``FakeGPSD`` the test feeds fix by fix, so "mid-run" is a known
/// fix, not a moment; what each process has done is read from its log (`--log-level trace`).
///
/// Each test keeps a cluster of its own: they stop and restart it.
@Suite(.timeLimit(.minutes(5)))
struct SharedPlacesCacheLiveTests {
  /// How long a process may take to reach a point in its log.
  static let patience = Duration.seconds(120)

  static let preamble = [
    #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#,
    #"{"class":"WATCH","enable":true,"json":true}"#,
  ]

  /// A walk north through central Helsinki: `count` fixes 44 m and 15 s apart, as gpsd's TPVs.
  static func walk(_ count: Int) -> [String] {
    (0..<count).map { index in
      let seconds = index * 15
      let time = String(format: "2026-01-01T10:%02d:%02dZ", seconds / 60, seconds % 60)
      let latitude = String(format: "%.6f", 60.1650 + Double(index) * 0.0004)
      return #"{"class":"TPV","mode":3,"lat":\#(latitude),"lon":24.938,"time":"\#(time)","eph":5}"#
    }
  }

  static let fixes = 24

  /// Google's legacy API: three pages of 20 where the answers need 20, so that what one
  /// process searched covers every fix of the same walk for another. (With Places API (New)
  /// and K = 20, a fix at a search's own centre needs a little more than that search proved.)
  static let provider = "google-legacy"

  /// A live forage on a fed gpsd, sharing the cache at `url`, logging at trace level.
  struct LiveRun: Sendable {
    let gpsd: FakeGPSD
    let feed: GPSDFeed
    let child: TimedChild

    init(url: String, in directory: URL) throws {
      feed = try GPSDFeed()
      gpsd = try FakeGPSD([.init(lines: SharedPlacesCacheLiveTests.preamble, ending: .fed(feed))])
      child = try TimedChild(
        executable: BuiltBinary.url("forage").path,
        [
          "run", "--gpsd", "127.0.0.1:\(gpsd.port)", "--provider", provider,
          "--places-cache", url, "--log-level", "trace",
        ],
        in: directory
      )
    }

    /// Sends fixes `range` of the walk; each is handed on when the next arrives.
    func send(_ range: Range<Int>) {
      feed.send(Array(SharedPlacesCacheLiveTests.walk(SharedPlacesCacheLiveTests.fixes)[range]))
    }

    /// Waits until fix `index` (from 0) was handed on to the finder.
    func waitForFix(_ index: Int) throws {
      try #require(
        child.waitForStderr("fixReceived \(index) ", limit: SharedPlacesCacheLiveTests.patience),
        "fix \(index) never came: \(child.stderr.suffix(2000))"
      )
    }

    /// Waits until the process has learned `searches` searches another process made, then
    /// walks the whole walk and ends.
    func walkAfterLearning(
      _ searches: Int
    ) throws -> (status: Int32, output: RunOutput, stderr: String) {
      try #require(
        child.waitForStderr(
          SharedPlacesCacheLiveTests.learned,
          count: searches,
          limit: SharedPlacesCacheLiveTests.patience
        ),
        "\(child.stderr.suffix(3000))"
      )
      send(0..<SharedPlacesCacheLiveTests.fixes)
      return try finish()
    }

    /// Ends the feed (gpsd closes the connection, which ends the run) and waits for the
    /// process to end.
    func finish() throws -> (status: Int32, output: RunOutput, stderr: String) {
      feed.end()
      let status = try #require(
        try child.wait(limit: SharedPlacesCacheLiveTests.patience),
        "did not end: \(child.stderr.suffix(2000))"
      )
      gpsd.close()
      return (status, try RunOutput(ndjson: child.stdout), child.stderr)
    }
  }

  /// The walk run once with no cache at all, by a scripted gpsd: the answers every run must give.
  static func plainAnswers() throws -> [[String]] {
    let gpsd = try FakeGPSD([.init(lines: preamble + walk(fixes))])
    let result = try FinderFixtures.forage([
      "run", "--gpsd", "127.0.0.1:\(gpsd.port)", "--provider", provider,
    ])
    try #require(result.status == 0, "\(result.stderr)")
    let answers = PlacesCacheTests.answers(try RunOutput(ndjson: result.stdout))
    try #require(answers.count == fixes)
    return answers
  }

  /// The searches the database holds.
  static func searches(in cluster: PostgresCluster) async throws -> Int {
    Int(try await cluster.sql("SELECT count(*) FROM forage_search")) ?? -1
  }

  static let learned = "learned a search another process made"
  static let listening = "listening for other processes' searches"

  /// The lines of standard error that are not the log's (each log line starts with its time).
  static func messages(_ stderr: String) -> [Substring] {
    stderr.split(separator: "\n").filter {
      !$0.hasPrefix("20") && !$0.hasPrefix("forage: using the in-process mock")
        && !($0.hasPrefix("forage: gpsd ") && $0.contains(": connected to "))
    }
  }

  @Test func aProcessLearnsWhatAnotherSearchesWhileItRunsAndPaysNothingForIt() async throws {
    let cluster = try await PostgresCluster.start()
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let expected = try await offPool { try Self.plainAnswers() }
    let url = cluster.url
    let follower = try LiveRun(url: url, in: directory)
    try await offPool {
      try #require(
        follower.child.waitForStderr(Self.listening, limit: Self.patience),
        "\(follower.child.stderr.suffix(2000))"
      )
    }
    // Another process walks the whole way while the follower waits for its first fix.
    let gpsd = try FakeGPSD([.init(lines: Self.preamble + Self.walk(Self.fixes))])
    let leader = try await offPool {
      try FinderFixtures.forage([
        "run", "--gpsd", "127.0.0.1:\(gpsd.port)", "--provider", Self.provider,
        "--places-cache", url,
      ])
    }
    try #require(leader.status == 0, "\(leader.stderr)")
    let leaderOutput = try RunOutput(ndjson: leader.stdout)
    #expect(PlacesCacheTests.answers(leaderOutput) == expected)
    let searches = try await Self.searches(in: cluster)
    #expect(searches > 0)
    let run = try await offPool { try follower.walkAfterLearning(searches) }
    await cluster.remove()
    #expect(run.status == 0, "\(run.stderr.suffix(2000))")
    #expect(PlacesCacheTests.answers(run.output) == expected)
    #expect(run.output.summary?.requests == 0)
    #expect(!run.stderr.contains(cluster.password))
  }

  @Test func aServerRestartedMidRunIsReconnectedAndNoSearchIsLost() async throws {
    let cluster = try await PostgresCluster.start()
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let expected = try await offPool { try Self.plainAnswers() }
    let half = Self.fixes / 2
    let walker = try LiveRun(url: cluster.url, in: directory)
    let follower = try LiveRun(url: cluster.url, in: directory)
    try await offPool {
      try #require(follower.child.waitForStderr(Self.listening, limit: Self.patience))
      walker.send(0..<half)
      try walker.waitForFix(half - 2)
    }
    try await cluster.restart()
    walker.send(half..<Self.fixes)
    let walked = try await offPool { try walker.finish() }
    #expect(walked.status == 0, "\(walked.stderr.suffix(3000))")
    #expect(Self.messages(walked.stderr).isEmpty, "\(Self.messages(walked.stderr))")
    #expect(PlacesCacheTests.answers(walked.output) == expected)
    let requests = try #require(walked.output.summary?.requests)
    // Every search the walker paid for is in the database, those after the restart too.
    let searches = try await Self.searches(in: cluster)
    #expect(searches > 0 && searches <= requests)
    // The follower, whose listening connection the restart cut, caught up on all of them.
    let followed = try await offPool { try follower.walkAfterLearning(searches) }
    await cluster.remove()
    #expect(followed.status == 0, "\(followed.stderr.suffix(3000))")
    #expect(PlacesCacheTests.answers(followed.output) == expected)
    #expect(followed.output.summary?.requests == 0)
    for stderr in [walked.stderr, followed.stderr] { #expect(!stderr.contains(cluster.password)) }
  }

  @Test func aServerGoneForGoodEndsTheRunWithOneLineAndExit69() async throws {
    let cluster = try await PostgresCluster.start()
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let half = Self.fixes / 2
    let walker = try LiveRun(url: cluster.url, in: directory)
    try await offPool {
      walker.send(0..<half)
      try walker.waitForFix(half - 2)
    }
    await cluster.remove()
    walker.send(half..<Self.fixes)
    let walked = try await offPool { try walker.finish() }
    #expect(walked.status == 69, "\(walked.stderr.suffix(3000))")
    let messages = Self.messages(walked.stderr)
    #expect(messages.count == 1, "\(messages)")
    #expect(messages.first?.contains("--places-cache") == true, "\(messages)")
    #expect(messages.first?.contains("127.0.0.1:\(cluster.port)") == true, "\(messages)")
    #expect(!walked.stderr.contains(cluster.password))
    #expect(messages.first?.contains("cannot connect to the server: connection refused;") == true)
  }

  @Test func aFleetWhoseServerIsGoneForGoodStopsAtItsNextFixesAndSaysSoOnce() async throws {
    let cluster = try await PostgresCluster.start()
    let directory = try FinderFixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Five minutes of walk in real time: only a run that stops when its cache is lost ends
    // within the test's patience.
    let track = try FinderFixtures.walkPrefix(300, in: directory).path
    let fleet = try TimedChild(
      executable: BuiltBinary.url("forage").path,
      [
        "run", "--track", track, "--track", track, "--track", track, "--realtime",
        "--provider", Self.provider, "--places-cache", cluster.url, "--log-level", "trace",
      ],
      in: directory
    )
    try await offPool {
      try #require(
        fleet.waitForStderr("fixReceived 3 ", count: 3, limit: Self.patience),
        "\(fleet.stderr.suffix(2000))"
      )
    }
    await cluster.remove()
    let status = try await offPool { try fleet.wait(limit: Self.patience) }
    #expect(status == 69, "\(fleet.stderr.suffix(3000))")
    let messages = Self.messages(fleet.stderr)
    #expect(messages.count == 1, "\(messages)")
    #expect(messages.first?.hasPrefix("forage: --places-cache postgres://") == true, "\(messages)")
    #expect(!fleet.stderr.contains(cluster.password))
  }
}
