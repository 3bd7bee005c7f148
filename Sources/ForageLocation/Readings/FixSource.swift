import Foundation

/// Where a run's readings come from, as a value: a track file replayed, or a live receiver
/// (``GPSDSource``). The finder and ``SimulatedGPS`` take any of them the same way.
public struct FixSource: Sendable {
  /// How many readings the source will give, when it knows (a checked file), for progress.
  public var expectedCount: Int?
  /// The time given to readings when the source ends, or gives many, before any of them has a
  /// time of its own: a live source's clock. `nil` (1970-01-01) for a file, whose reader gives
  /// every fix a time.
  public var fallbackTime: (@Sendable () -> Date)?
  private let open: @Sendable () throws -> () async throws -> GPSReading?

  /// Creates a source.
  ///
  /// - Parameters:
  ///   - expectedCount: How many readings it will give, or `nil` when unknown (a live source).
  ///   - fallbackTime: The time for readings when none has one (``fallbackTime``).
  ///   - open: Starts reading and returns a function giving the next reading, `nil` at the end.
  public init(
    expectedCount: Int? = nil,
    fallbackTime: (@Sendable () -> Date)? = nil,
    open: @escaping @Sendable () throws -> () async throws -> GPSReading?
  ) {
    self.expectedCount = expectedCount
    self.fallbackTime = fallbackTime
    self.open = open
  }

  /// A source that gives `readings`, in order.
  public static func readings(_ readings: [GPSReading]) -> FixSource {
    FixSource(expectedCount: readings.count) {
      var iterator = readings.makeIterator()
      return { iterator.next() }
    }
  }

  /// Starts reading.
  ///
  /// - Returns: A function giving the next reading, `nil` at the end; it throws when the source
  ///   fails (a malformed file).
  /// - Throws: What opening the source threw.
  public func makeReadings() throws -> () async throws -> GPSReading? {
    try open()
  }
}
