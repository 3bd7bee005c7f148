/// The fix indexes a recording has held so far, which come in increasing order: an answer or a
/// failure must be for one of them.
///
/// Kept as the newest index and the gaps below it that no fix had (none in a recording forage
/// wrote), so memory does not grow with the recording.
struct RecordedFixes {
  /// The newest index, -1 before the first.
  private(set) var newest = -1
  /// The ranges of indexes below ``newest`` that no fix had, in increasing order.
  private var gaps: [Range<Int>] = []

  /// Notes a fix's index, which must be above ``newest``.
  mutating func insert(_ index: Int) {
    precondition(index > newest, "fix indexes are checked to increase before they are noted")
    if index > newest + 1 { gaps.append((newest + 1)..<index) }
    newest = index
  }

  /// Whether a fix had this index.
  func contains(_ index: Int) -> Bool {
    guard index >= 0, index <= newest else { return false }
    // The last gap that starts at or below the index, found by halving.
    var low = 0
    var high = gaps.count
    while low < high {
      let middle = (low + high) / 2
      if gaps[middle].lowerBound <= index { low = middle + 1 } else { high = middle }
    }
    return low == 0 || !gaps[low - 1].contains(index)
  }
}
