import ForageLocation
import ForageTracks

/// Turns gpsd's `TPV` reports into one reading per epoch.
///
/// Until gpsd has learned which sentence ends a receiver's cycle, it sends a `TPV` after every
/// sentence that carries a position: one after `GGA` (with a speed it worked out itself and no
/// course), another after `RMC` (with the receiver's speed and course), each with the same
/// `time`. Before it knows the date it sends them without a `time` at all. They are reports of
/// one fix, the later ones more complete, so the merger keeps the latest report of an epoch and
/// hands it on when the next epoch begins:
///
/// - a fix with the same time as the pending one, or any fix after an untimed pending one,
///   replaces it;
/// - a fix with another time, a no-fix report, or the end of the stream hands the pending fix
///   on.
///
/// A fix therefore reaches the finder when the next report arrives (about one epoch later), and
/// at the end of the stream at the latest.
struct GPSDEpochMerger {
  private var pending: Fix?

  /// Takes one report and returns the readings it completes, in order.
  mutating func take(_ report: GPSDReport) -> [GPSReading] {
    switch report {
    case .ignored:
      return []
    case .noFix(let time):
      return finish() + [.locationUnknown(time: time)]
    case .fix(let fix):
      defer { pending = fix }
      guard let previous = pending, previous.time != nil, previous.time != fix.time else {
        return []
      }
      return [.fix(previous)]
    }
  }

  /// Hands on the pending fix, if any, at the end of the stream.
  mutating func finish() -> [GPSReading] {
    defer { pending = nil }
    return pending.map { [.fix($0)] } ?? []
  }
}
