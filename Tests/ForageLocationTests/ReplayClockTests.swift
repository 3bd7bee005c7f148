import ForageLocation
import Testing

/// A steered replay clock stands still while paused, keeps its speed within range, and ends
/// every sleep once finished.
@Suite struct ReplayClockTests {
  @Test func standsStillWhilePaused() {
    let clock = ReplayClock(speed: 1000)
    #expect(clock.togglePause())
    let paused = clock.now
    #expect(clock.now == paused)
    #expect(!clock.togglePause())
  }

  @Test func keepsItsSpeedWithinRange() {
    let clock = ReplayClock(speed: 1)
    #expect(clock.setSpeed(1e12) == ScaledClock.speeds.upperBound)
    #expect(clock.setSpeed(0) == ScaledClock.speeds.lowerBound)
    #expect(clock.setSpeed(8) == 8)
    #expect(clock.speed == 8)
  }

  @Test func endsEverySleepOnceFinished() async throws {
    let clock = ReplayClock(speed: 1)
    clock.togglePause()
    clock.finish()
    // An hour away, paused: returns at once because the clock is finished.
    try await clock.sleep(until: clock.now.advanced(by: .seconds(3600)))
  }
}
