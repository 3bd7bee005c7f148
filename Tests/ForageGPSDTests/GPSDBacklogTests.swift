import Testing

@testable import ForageGPSD

/// The bound on readings waiting for a reader that is behind.
@Suite struct GPSDBacklogTests {
  @Test func waitingReturnsAtOnceWhileThereIsRoom() async {
    let backlog = GPSDBacklog(limit: 2)
    backlog.added()
    await backlog.waitForRoom()
    #expect(backlog.pending == 1)
  }

  @Test func aFullBacklogWaitsUntilTheReaderTakesOne() async {
    let backlog = GPSDBacklog(limit: 2)
    backlog.added()
    backlog.added()
    let waiting = Task { await backlog.waitForRoom() }
    backlog.taken()
    await waiting.value
    #expect(backlog.pending == 1)
  }

  @Test func closingEndsTheWaitAndEveryLaterOne() async {
    let backlog = GPSDBacklog(limit: 1)
    backlog.added()
    let waiting = Task { await backlog.waitForRoom() }
    backlog.close()
    await waiting.value
    backlog.added()
    await backlog.waitForRoom()
    #expect(backlog.pending == 2)
  }

  @Test func cancellingTheWaitingTaskEndsTheWait() async {
    let backlog = GPSDBacklog(limit: 1)
    backlog.added()
    let waiting = Task { await backlog.waitForRoom() }
    waiting.cancel()
    await waiting.value
    #expect(backlog.pending == 1)
  }
}
