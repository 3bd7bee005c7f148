import ForageFinder
import ForageSupport
import Foundation
import Synchronization

/// Writes one receiver's events of a fleet as NDJSON lines, each with a member naming the
/// receiver first (`{"receiver":"a.gpx","event":…}`), into the output every receiver shares.
///
/// The shared output is committed once, by the fleet, when every receiver is done: ``finish()``
/// leaves it open.
final class ReceiverWriter: EventWriter {
  private let output: FleetOutput
  private let member: [UInt8]
  private var event = JSONOutput(capacity: 16 * 1024)
  private var line = JSONOutput(capacity: 16 * 1024)
  /// The time of the last event written, for the fleet's summary.
  private(set) var lastTime: Date?

  /// Creates a writer whose lines start with `key` set to `value`.
  init(_ key: String, _ value: JSONValue, into output: FleetOutput) {
    var member = JSONOutput()
    member.writeKey(key)
    member.write(value)
    member.append(UInt8(ascii: ","))
    self.member = member.bytes
    self.output = output
  }

  func write(_ event: FinderEvent) throws {
    lastTime = event.time
    self.event.removeAll()
    event.write(to: &self.event)
    line.removeAll()
    line.append(UInt8(ascii: "{"))
    line.append(bytes: member)
    line.append(bytes: self.event.bytes.dropFirst())
    line.append(UInt8(ascii: "\n"))
    try output.write(line.bytes)
  }

  func finish() {}
}

/// The output a fleet's receivers share: whole lines, one receiver at a time.
final class FleetOutput: @unchecked Sendable {
  // Unchecked: the sink is only touched while the lock is held.
  private let sink: any TextSink
  private let lock = Mutex(())

  /// Shares `sink`.
  init(_ sink: any TextSink) { self.sink = sink }

  /// Writes one or more whole lines.
  func write(_ bytes: [UInt8]) throws {
    try lock.withLock { _ in
      try bytes.withUnsafeBytes { try sink.write(utf8: $0) }
    }
  }

  /// Commits everything written.
  func commit() throws {
    try lock.withLock { _ in try sink.commit() }
  }
}
