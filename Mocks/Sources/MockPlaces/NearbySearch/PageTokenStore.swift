import ForagePlaceDataset
import ForagePlaceModel
import ForageSupport
import Foundation
import Synchronization

/// The server side of `next_page_token`: each token names the rest of one search's results.
///
/// A token is opaque (base64url of a server-side key and a random part) and becomes valid only
/// `delay` after it was issued, as Google's do. It can be redeemed again while it is remembered;
/// the oldest tokens are forgotten once `capacity` are held.
///
/// The delay passes on the store's clock, unless the client tells its own: a client whose waits
/// are simulated (`forage run --network-time virtual`) says the time on its clock with each
/// request (``NearbySearchHandler/virtualTimeHeader``), and a token it was given is valid once
/// that clock has moved `delay` past the time of the request that got it. A client that tells
/// no time (Google's own, curl) waits in real time, as with Google.
final class PageTokenStore: Sendable {
  /// What redeeming a token gives.
  enum Redemption: Equatable {
    /// The results of the search and the index of the first one on the requested page.
    case page(results: [Place], offset: Int)
    /// The token exists but its delay has not passed yet.
    case notYetValid
    /// The token was never issued here, or was forgotten.
    case unknown
  }

  private struct Entry {
    var results: [Place]
    var offset: Int
    /// When the token becomes valid on the store's clock.
    var validFrom: Duration
    /// When it becomes valid on the clock of the client it was issued to, if that client told
    /// the time on its clock.
    var validFromClientTime: Duration?
  }

  private struct State {
    var entries: [String: Entry] = [:]
    var order: [String] = []
    var issued = 0
  }

  private let state = Mutex(State())
  private let delay: Duration
  private let capacity: Int
  /// The time elapsed on the store's clock since it was made.
  private let elapsed: @Sendable () -> Duration

  /// Creates a store.
  ///
  /// - Parameters:
  ///   - delay: How long after issue a token becomes valid.
  ///   - capacity: How many tokens are remembered before the oldest are forgotten.
  ///   - clock: The time source: the continuous clock, or a test's `VirtualClock`.
  init(delay: Duration, capacity: Int = 10_000, clock: any Clock<Duration>) {
    self.delay = delay
    self.capacity = max(1, capacity)
    self.elapsed = clock.startStopwatch()
  }

  /// Issues a token for the page of `results` starting at `offset`.
  ///
  /// - Parameter clientTime: The time on the client's clock when it asked, if it said.
  func issue(results: [Place], offset: Int, clientTime: Duration? = nil) -> String {
    let validFrom = elapsed() + delay
    let validFromClientTime = clientTime.map { $0 + delay }
    return state.withLock { state in
      state.issued += 1
      let key = "\(state.issued):\(offset):\(UInt64.random(in: 0...UInt64.max))"
      let token = Data(key.utf8).base64EncodedString()
        .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
      state.entries[token] = Entry(
        results: results,
        offset: offset,
        validFrom: validFrom,
        validFromClientTime: validFromClientTime
      )
      state.order.append(token)
      if state.order.count > capacity {
        let forgotten = state.order.count - capacity
        for old in state.order.prefix(forgotten) { state.entries[old] = nil }
        state.order.removeFirst(forgotten)
      }
      return token
    }
  }

  /// Looks a token up.
  ///
  /// - Parameter clientTime: The time on the client's clock, if it said; a token issued to a
  ///   client that said its time is judged on that clock, any other on the store's.
  func redeem(_ token: String, clientTime: Duration? = nil) -> Redemption {
    let now = elapsed()
    return state.withLock { state in
      guard let entry = state.entries[token] else { return .unknown }
      let isValid =
        if let clientTime, let validFrom = entry.validFromClientTime {
          clientTime >= validFrom
        } else {
          now >= entry.validFrom
        }
      guard isValid else { return .notYetValid }
      return .page(results: entry.results, offset: entry.offset)
    }
  }
}
