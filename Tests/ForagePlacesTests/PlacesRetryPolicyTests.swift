import Testing

@testable import ForagePlaces

@Suite struct PlacesRetryPolicyTests {
  @Test func backsOffExponentiallyUpToTheMaximum() {
    let policy = PlacesRetryPolicy(
      maxAttempts: 10,
      initialDelay: .milliseconds(500),
      maximumDelay: .seconds(3)
    )
    let delays = (1...5).map { policy.delay(afterAttempt: $0, retryAfter: nil) }
    #expect(delays == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(3), .seconds(3)])
  }

  @Test func letsALongerRetryAfterWinButCapsIt() {
    let policy = PlacesRetryPolicy(maxAttempts: 3, maximumDelay: .seconds(30))
    #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(7)) == .seconds(7))
    #expect(policy.delay(afterAttempt: 1, retryAfter: .milliseconds(10)) == .milliseconds(500))
    #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(3600)) == .seconds(30))
  }

  @Test func alwaysAllowsOneAttempt() {
    #expect(PlacesRetryPolicy(maxAttempts: 0).maxAttempts == 1)
    #expect(PlacesRetryPolicy.never.maxAttempts == 1)
  }
}
