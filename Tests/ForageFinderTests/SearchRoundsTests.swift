import ForageProviders
import ForageSupport
import Synchronization
import Testing

@testable import ForageFinder

/// How a failed search is made again, and the health that decides how often.
@Suite struct SearchRoundsTests {
  @Test func twoRoundsBeforeTheFirstSuccessAndFourAfter() {
    let rounds = SearchRounds()
    #expect(rounds.policy.maxAttempts == 2)
    #expect(!rounds.hasSucceeded)
    #expect(rounds.noteFailure() == 1)
    #expect(rounds.noteFailure() == 2)
    rounds.noteSuccess()
    #expect(rounds.hasSucceeded)
    #expect(rounds.policy.maxAttempts == 4)
    #expect(rounds.noteFailure() == 1)
  }

  /// Fails `failures` times with `error`, then succeeds; tells each round's wait.
  static func run(
    failing failures: Int,
    with error: PlacesError,
    clock: VirtualClock
  ) async -> (failure: PlacesError?, calls: Int, told: [(round: Int, wait: Duration)]) {
    let rounds = SearchRounds(clock: clock)
    let calls = Mutex(0)
    let told = Mutex<[(round: Int, wait: Duration)]>([])
    let failure = await rounds.run(
      SearchRounds.policy(hasSucceeded: true),
      onRoundFailed: { _, round, wait in told.withLock { $0.append((round, wait)) } }
    ) { () async throws(PlacesError) in
      let call = calls.withLock {
        $0 += 1
        return $0
      }
      if call <= failures { throw error }
    }
    return (failure, calls.withLock { $0 }, told.withLock { $0 })
  }

  @Test func aRetryableFailureIsMadeAgainAtOnceAndTold() async {
    let clock = VirtualClock(recordingSleeps: true)
    let result = await Self.run(failing: 2, with: .httpStatus(503, retryAfter: nil), clock: clock)
    #expect(result.failure == nil)
    #expect(result.calls == 3)
    #expect(result.told.map(\.round) == [1, 2])
    #expect(result.told.allSatisfy { $0.wait == .zero })
    #expect(clock.now.offset == .zero)
  }

  /// A round never starts sooner than the server asked (it started at once, whatever the
  /// Retry-After), cut to the providers' 30 s.
  @Test(arguments: [(7, 7), (30, 30), (3600, 30)])
  func aRoundWaitsAsLongAsTheServerAsked(asked: Int, waited: Int) async {
    let clock = VirtualClock(recordingSleeps: true)
    let result = await Self.run(
      failing: 1,
      with: .httpStatus(429, retryAfter: .seconds(asked)),
      clock: clock
    )
    #expect(result.failure == nil)
    #expect(result.told.map(\.wait) == [.seconds(waited)])
    #expect(clock.now.offset == .seconds(waited))
  }

  @Test func aFinalFailureEndsTheRoundsAtOnce() async {
    let clock = VirtualClock()
    let result = await Self.run(
      failing: 9,
      with: .requestDenied(message: "key"),
      clock: clock
    )
    #expect(result.failure == .requestDenied(message: "key"))
    #expect(result.calls == 1)
  }
}
