/// The states of one day, as sorted, non-overlapping spans of minutes; minutes in no span are
/// closed.
struct DaySchedule: Sendable, Hashable {
  /// A span of minutes with one state.
  struct Segment: Sendable, Hashable {
    /// The minutes, within 0..<1440.
    var minutes: Range<Int>
    /// Their state.
    var state: RuleState
  }

  /// The spans, sorted and non-overlapping.
  private(set) var segments: [Segment] = []

  /// A day that is closed throughout.
  init() {}

  /// A day with `state` over the union of `ranges` (empty ranges are ignored).
  init(ranges: [Range<Int>], state: RuleState) {
    let sorted = ranges.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
    for range in sorted {
      if let last = segments.last, last.minutes.upperBound >= range.lowerBound {
        let upper = max(last.minutes.upperBound, range.upperBound)
        segments[segments.count - 1].minutes = last.minutes.lowerBound..<upper
      } else {
        segments.append(Segment(minutes: range, state: state))
      }
    }
  }

  /// This day with `other`'s spans laid over it: where `other` has a span, its state wins.
  func adding(_ other: DaySchedule) -> DaySchedule {
    var result = self
    for segment in other.segments {
      result.insert(segment)
    }
    return result
  }

  /// Lays `segment` over the spans, cutting those it overlaps.
  private mutating func insert(_ segment: Segment) {
    var kept: [Segment] = []
    for existing in segments {
      let beforeEnd = min(existing.minutes.upperBound, segment.minutes.lowerBound)
      if existing.minutes.lowerBound < beforeEnd {
        kept.append(
          Segment(minutes: existing.minutes.lowerBound..<beforeEnd, state: existing.state)
        )
      }
      let afterStart = max(existing.minutes.lowerBound, segment.minutes.upperBound)
      if afterStart < existing.minutes.upperBound {
        kept.append(
          Segment(minutes: afterStart..<existing.minutes.upperBound, state: existing.state)
        )
      }
    }
    kept.append(segment)
    segments = kept.sorted { $0.minutes.lowerBound < $1.minutes.lowerBound }
  }

  /// The state at `minute` after midnight.
  func state(atMinute minute: Int) -> RuleState {
    segments.first { $0.minutes.contains(minute) }?.state ?? .closed
  }

  /// Whether every minute of the day is closed.
  var isAlwaysClosed: Bool { segments.allSatisfy { $0.state == .closed } }
}
