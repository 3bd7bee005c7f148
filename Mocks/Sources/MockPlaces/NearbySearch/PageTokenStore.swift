import ForagePlace
import ForagePlacesData
import ForageSupport
import Foundation
import Synchronization

/// The server side of `next_page_token`: each token names the rest of one search's results.
///
/// A token is opaque (base64url of a server-side key and a random part) and becomes valid only
/// `delay` after it was issued, as Google's do. It can be redeemed again while it is remembered;
/// the oldest tokens are forgotten once `capacity` are held.
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
    var validFrom: Duration
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
  func issue(results: [Place], offset: Int) -> String {
    let validFrom = elapsed() + delay
    return state.withLock { state in
      state.issued += 1
      let key = "\(state.issued):\(offset):\(UInt64.random(in: 0...UInt64.max))"
      let token = Data(key.utf8).base64EncodedString()
        .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
      state.entries[token] = Entry(results: results, offset: offset, validFrom: validFrom)
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
  func redeem(_ token: String) -> Redemption {
    let now = elapsed()
    return state.withLock { state in
      guard let entry = state.entries[token] else { return .unknown }
      guard now >= entry.validFrom else { return .notYetValid }
      return .page(results: entry.results, offset: entry.offset)
    }
  }
}
