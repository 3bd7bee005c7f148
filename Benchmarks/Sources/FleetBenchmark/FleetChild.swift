import BenchmarkSupport
import ForageFinder
import ForageGeodesy
import ForagePlaceDataset
import ForagePostgresCache
import ForageSyntheticCity
import Foundation

/// One process of a mode: some of the fleet's receivers replayed at once, sharing one coverage
/// cache when there are several, every answer checked against the oracle.
enum FleetChild {
  /// What one process (or a mode's processes, added up) measured.
  struct Figures {
    var processes = 1
    var requests = 0
    var fixes = 0
    var exact = 0
    var checked = 0
    /// The process's peak resident memory, megabytes (the largest, for a mode).
    var peakMB = 0.0
    /// The processes' peaks added up, megabytes.
    var totalMB = 0.0
    /// Seconds from starting the mode's processes to the last one's end.
    var wall = 0.0

    /// The figures as one line for the parent.
    var line: String { "\(requests) \(fixes) \(exact) \(checked) \(peakMB)" }

    /// Reads a child's line.
    init(line: String) throws {
      let fields = line.split(separator: " ")
      guard fields.count == 5, let peak = Double(fields[4]) else {
        throw BenchmarkError("a child printed \(line)")
      }
      let counts = fields.prefix(4).compactMap { Int($0) }
      (requests, fixes, exact, checked) = (counts[0], counts[1], counts[2], counts[3])
      (peakMB, totalMB) = (peak, peak)
    }

    init() {}
  }

  /// Collects every `places` event's fix position and place ids.
  final class Collector: EventWriter {
    var answers: [(position: Coordinate, ids: [String])] = []

    func write(_ event: FinderEvent) throws {
      guard case .places(_, let latitude, let longitude, _, _, let places) = event.payload
      else { return }
      answers.append((try Coordinate(latitude: latitude, longitude: longitude), places.map(\.id)))
    }

    func finish() throws {}
  }

  /// Replays the receivers `indices` at once, sharing one cache when there are several, and
  /// keeping searches in the PostgreSQL places cache at `database` when given (mode 3: other
  /// processes share it, and each hears of the others' searches while it runs).
  static func run(
    receivers indices: [Int],
    seed: UInt64,
    fixes: Int,
    database: String? = nil,
    pacing: Pacing = .virtual
  ) async throws -> Figures {
    let city = SyntheticCity(kind: .dense, seed: seed, fixes: 1)
    let dataset = try PlaceDataset.parse(Data(city.geoJSON().utf8), file: "dense.geojson")
    let query = PlacesQuery(radius: 500, limit: 20, type: "restaurant")
    let oracle = Oracle(dataset: dataset, query: query)
    // Every process serves the same city: one name for it, whatever port its server has.
    let identity = "google-legacy fleet city \(seed)"
    let backends = try PlacesBackend.mocks(
      serving: dataset,
      count: indices.count,
      identity: identity
    )
    let shared = indices.count > 1 ? SharedCoverageCache() : nil
    let storage: PostgresCacheStorage?
    if let database {
      storage = try await PostgresCacheStorage.open(
        PostgresPlacesCache(url: database),
        scope: PlacesCacheScope(api: identity, type: query.type, keyword: query.keyword)
      )
    } else {
      storage = nil
    }
    let tracks = try indices.map {
      try ReplayTrack.prepare(
        bytes: Array(FleetRoutes.gpx(FleetRoutes.route($0, fixes: fixes, seed: seed)).utf8),
        name: "receiver-\($0).gpx"
      )
    }
    var figures = Figures()
    try await withThrowingTaskGroup(of: Figures.self) { group in
      for (track, backend) in zip(tracks, backends) {
        group.addTask {
          let finder = Finder(
            options: FinderOptions(query: query, policy: .coverage, pacing: pacing),
            middleware: Finder.defaultMiddleware(
              places: .places(backend, cacheFile: storage, sharing: shared)
            )
          )
          let collector = Collector()
          let outcome = try await finder.run(track: track, writer: collector)
          if let failure = outcome.fatalFailure { throw BenchmarkError(failure.message) }
          var figures = Figures()
          figures.requests = outcome.summary.requests
          figures.fixes = outcome.summary.fixes
          figures.checked = collector.answers.count
          figures.exact =
            collector.answers.filter { oracle.answer(at: $0.position) == $0.ids }.count
          return figures
        }
      }
      for try await one in group {
        figures.requests += one.requests
        figures.fixes += one.fixes
        figures.exact += one.exact
        figures.checked += one.checked
      }
    }
    try await storage?.finish()
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    figures.peakMB = Double(usage.ru_maxrss) / 1024
    return figures
  }

  /// Starts one child process a list of arguments, all at once, and adds up what they measured.
  static func spawn(_ children: [[String]]) throws -> Figures {
    let started = ContinuousClock.now
    let running = try children.map { arguments in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
      process.arguments = ["--child"] + arguments
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      return (process, pipe)
    }
    var total = Figures()
    total.processes = children.count
    for (process, pipe) in running {
      let output = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        throw BenchmarkError("a child exited \(process.terminationStatus)")
      }
      let one = try Figures(
        line: String(decoding: output, as: UTF8.self).trimmingCharacters(
          in: .whitespacesAndNewlines
        )
      )
      total.requests += one.requests
      total.fixes += one.fixes
      total.exact += one.exact
      total.checked += one.checked
      total.peakMB = max(total.peakMB, one.peakMB)
      total.totalMB += one.peakMB
    }
    total.wall = (ContinuousClock.now - started).seconds
    return total
  }
}
