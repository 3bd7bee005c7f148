import ForageProviders
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

  @Test func aRetryableFailureIsMadeAgainAndTold() async {
    let calls = Mutex(0)
    let told = Mutex<[Int]>([])
    let failure = await SearchRounds.run(
      SearchRounds.policy(hasSucceeded: true),
      onRoundFailed: { _, round in told.withLock { $0.append(round) } }
    ) { () async throws(PlacesError) in
      let call = calls.withLock {
        $0 += 1
        return $0
      }
      if call < 3 { throw .httpStatus(503, retryAfter: nil) }
    }
    #expect(failure == nil)
    #expect(calls.withLock { $0 } == 3)
    #expect(told.withLock { $0 } == [1, 2])
  }

  @Test func aFinalFailureEndsTheRoundsAtOnce() async {
    let calls = Mutex(0)
    let failure = await SearchRounds.run(
      SearchRounds.policy(hasSucceeded: true),
      onRoundFailed: { _, _ in }
    ) { () async throws(PlacesError) in
      calls.withLock { $0 += 1 }
      throw .requestDenied(message: "key")
    }
    #expect(failure == .requestDenied(message: "key"))
    #expect(calls.withLock { $0 } == 1)
  }
}
