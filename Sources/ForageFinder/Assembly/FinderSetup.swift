import ForageSupport
import Synchronization

/// What a middleware learns and registers while a run is being set up, before the first
/// action: the run's options, and the hooks it wants called around the run.
///
/// A ``FinderMiddleware`` is a recipe; ``Finder/run(track:writer:progress:)`` calls it with a
/// fresh setup for every run, so per-run state (a coverage cache, the places already notified)
/// never leaks from one run into the next.
public final class FinderSetup: Sendable {
  private struct Hooks {
    var effectObservers: [@Sendable (FinderEffectEvent) -> Void] = []
    var requestCounters: [(sku: String?, count: @Sendable () -> Int)] = []
    var trackEnd: [@Sendable () async -> [FinderAction]] = []
    var runEnd: [@Sendable () throws -> Void] = []
    var attributions: [String] = []
    var isCoverageWanted = false
  }

  /// What the run searches and how it replays.
  public let options: FinderOptions
  private let hooks = Mutex(Hooks())

  /// Creates the setup of one run.
  ///
  /// - Parameters:
  ///   - options: What the run searches and how it replays.
  ///   - isCoverageWanted: Whether the output wants the searched area (``wantCoverage()``).
  public init(options: FinderOptions, isCoverageWanted: Bool = false) {
    self.options = options
    hooks.withLock { $0.isCoverageWanted = isCoverageWanted }
  }

  /// Whether anything asked for the searched area (``RunSummary/coverage``): then the places
  /// middleware reports it when the track ends. Read it then, not while setting up: a
  /// middleware later in the chain may still ask.
  public var isCoverageWanted: Bool {
    hooks.withLock { $0.isCoverageWanted }
  }

  /// Asks the places middleware to report the searched area when the track ends: an output
  /// that draws it asks, and so does a recorder, so that a replay can draw it too.
  public func wantCoverage() {
    hooks.withLock { $0.isCoverageWanted = true }
  }

  /// Asks to be told of every effect's start, finish and cancellation, in every middleware.
  public func observeEffects(_ observer: @escaping @Sendable (FinderEffectEvent) -> Void) {
    hooks.withLock { $0.effectObservers.append(observer) }
  }

  /// Adds a count of HTTP requests to the run's `requests` total and, when their SKU is known,
  /// to its `requests_by_sku`.
  ///
  /// - Parameters:
  ///   - sku: What each of these requests is billed as (`ForageProviders/PlacesSKU/id`), or
  ///     `nil` when not known.
  ///   - count: Reads the count so far.
  public func countRequests(
    billedAs sku: String? = nil,
    _ count: @escaping @Sendable () -> Int
  ) {
    hooks.withLock { $0.requestCounters.append((sku, count)) }
  }

  /// Asks to be called when the track has ended and the store is idle, before the summary; the
  /// actions returned are dispatched in order (a notification middleware reports its totals).
  public func onTrackEnd(_ body: @escaping @Sendable () async -> [FinderAction]) {
    hooks.withLock { $0.trackEnd.append(body) }
  }

  /// Asks to be called after the summary has been reduced and the output finished (a recorder
  /// commits its file); the first error thrown ends the run with that error.
  public func onRunEnd(_ body: @escaping @Sendable () throws -> Void) {
    hooks.withLock { $0.runEnd.append(body) }
  }

  /// Adds a notice the data's licence requires to the run's summary (a places provider's
  /// `PlacesProvider.attribution`); each source is named once
  /// (`ForageSupport/AttributionNotice/bySource(_:)`), and the same notice twice is written once.
  ///
  /// - Returns: Whether the notice was new.
  @discardableResult
  public func attribute(_ notice: String) -> Bool {
    let notice = AttributionNotice.bySource(notice)
    return hooks.withLock {
      guard !$0.attributions.contains(notice) else { return false }
      $0.attributions.append(notice)
      return true
    }
  }

  /// The notices to write, joined by `; `, or `nil` for none.
  public var attribution: String? {
    let notices = hooks.withLock { $0.attributions }
    return notices.isEmpty ? nil : notices.joined(separator: "; ")
  }

  var effectObservers: [@Sendable (FinderEffectEvent) -> Void] {
    hooks.withLock { $0.effectObservers }
  }

  /// The HTTP requests counted so far.
  var requestCount: Int {
    hooks.withLock { $0.requestCounters }.reduce(0) { $0 + $1.count() }
  }

  /// The HTTP requests counted so far by what each is billed as, SKUs with none included;
  /// empty when no count knows its SKU.
  var requestsBySKU: [String: Int] {
    var bill: [String: Int] = [:]
    for counter in hooks.withLock({ $0.requestCounters }) {
      guard let sku = counter.sku else { continue }
      bill[sku, default: 0] += counter.count()
    }
    return bill
  }

  var trackEndHooks: [@Sendable () async -> [FinderAction]] {
    hooks.withLock { $0.trackEnd }
  }

  var runEndHooks: [@Sendable () throws -> Void] {
    hooks.withLock { $0.runEnd }
  }
}
