import ForageTestSupport
import Foundation
import Synchronization
import Testing

@testable import ForageFinder

/// The hand-over from the store to the event writer's queue: order, errors, back-pressure
/// and closing.
@Suite struct EventSinkTests {
  /// A writer that keeps the sequence numbers it is given, can fail at one of them, and can hold
  /// its first write until a gate opens.
  final class SequenceWriter: EventWriter, Sendable {
    private let state = Mutex((written: [Int](), finishes: 0, threads: Set<String>()))
    private let failingAt: Int?
    private let gate: DispatchSemaphore?
    private let firstWrite = DispatchSemaphore(value: 0)

    init(failingAt: Int? = nil, gate: DispatchSemaphore? = nil) {
      self.failingAt = failingAt
      self.gate = gate
    }

    /// The sequence numbers written, in order.
    var written: [Int] { state.withLock { $0.written } }
    /// How many times ``finish()`` was called.
    var finishes: Int { state.withLock { $0.finishes } }
    /// Whether every write ran on a thread other than `thread`.
    func neverRan(on thread: String) -> Bool { state.withLock { !$0.threads.contains(thread) } }

    /// Waits until the first write has started.
    func waitForFirstWrite() {
      firstWrite.wait()
      firstWrite.signal()
    }

    func write(_ event: FinderEvent) throws {
      let isFirst = state.withLock { state in
        state.threads.insert(Self.threadName)
        return state.written.isEmpty
      }
      if isFirst {
        firstWrite.signal()
        gate?.wait()
      }
      if event.seq == failingAt { throw TestFailure(seq: event.seq) }
      state.withLock { $0.written.append(event.seq) }
    }

    func finish() throws { state.withLock { $0.finishes += 1 } }

    /// The calling thread, as an address (unique among live threads).
    static var threadName: String { "\(pthread_self())" }
  }

  struct TestFailure: Error, Equatable {
    var seq: Int
  }

  static func event(_ seq: Int) -> FinderEvent {
    FinderEvent(
      seq: seq,
      time: Date(timeIntervalSince1970: Double(seq)),
      payload: .permission(status: "granted", accuracy: "full")
    )
  }

  @Test func eventsReachTheWriterInOrderOnAThreadOfItsOwn() throws {
    let writer = SequenceWriter()
    let sink = EventSink(writer)
    var seq = 0
    for round in 0..<5_000 {
      let count = round % 3 + 1
      sink.write((seq..<seq + count).map(Self.event))
      seq += count
    }
    try sink.finish()
    #expect(writer.written == Array(0..<seq))
    #expect(writer.finishes == 1)
    #expect(writer.neverRan(on: SequenceWriter.threadName))
  }

  @Test func aWriteErrorDropsTheLaterEventsAndFinishThrowsIt() {
    let writer = SequenceWriter(failingAt: 5)
    let sink = EventSink(writer)
    for seq in 0..<100 { sink.write([Self.event(seq)]) }
    #expect(throws: TestFailure(seq: 5)) { try sink.finish() }
    #expect(writer.written == Array(0..<5))
    #expect(writer.finishes == 0)
  }

  @Test func aProducerAheadOfTheWriterWaitsForRoomAndNothingIsLost() throws {
    let gate = DispatchSemaphore(value: 0)
    let writer = SequenceWriter(gate: gate)
    let waiting = DispatchSemaphore(value: 0)
    let produced = Mutex(0)
    let sink = EventSink(writer, onWaitingForRoom: { waiting.signal() })
    let total = 3 * EventSink.capacity
    let producer = BlockingThread {
      for seq in 0..<total {
        sink.write([Self.event(seq)])
        produced.withLock { $0 += 1 }
      }
    }
    writer.waitForFirstWrite()
    // The writer holds its first event; the producer fills the queue and waits for room.
    waiting.wait()
    let producedWhileHeld = produced.withLock { $0 }
    #expect(producedWhileHeld < total)
    #expect(writer.written.isEmpty)
    gate.signal()
    try producer.value()
    try sink.finish()
    #expect(writer.written == Array(0..<total))
  }

  @Test func closingWithoutFinishingWritesWhatWasQueuedAndTakesNoMore() {
    let writer = SequenceWriter()
    let sink = EventSink(writer)
    for seq in 0..<50 { sink.write([Self.event(seq)]) }
    sink.close()
    #expect(writer.written == Array(0..<50))
    #expect(writer.finishes == 0)
    sink.write([Self.event(50)])
    sink.close()
    #expect(writer.written.count == 50)
  }

  @Test func onTheStoresThreadEachEventIsWrittenBeforeWriteReturns() throws {
    let writer = SequenceWriter()
    let sink = EventSink(writer, onOwnThread: false)
    for seq in 0..<10 {
      sink.write([Self.event(seq)])
      #expect(writer.written == Array(0...seq))
    }
    try sink.finish()
    #expect(!writer.neverRan(on: SequenceWriter.threadName))
  }
}
