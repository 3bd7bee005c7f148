/// The defects a reader met, counted by kind with their first lines, kept apart by the kind of
/// point they concern, so that a report counts only the points a run replays.
///
/// `forage run` and `forage validate` count with this one tally, so they report the same
/// numbers for one file.
public struct DefectTally: Sendable, Hashable {
  private struct Key: Hashable {
    var kind: TrackDefect.Kind
    var point: FixKind?
  }

  private var tallies: [Key: TrackSummary.DefectCount] = [:]

  /// An empty tally.
  public init() {}

  /// Counts one defect, keeping its line among the first ``TrackValidator/lineLimit``.
  public mutating func add(_ defect: TrackDefect) {
    let key = Key(kind: defect.kind, point: defect.point)
    var tally = tallies[key] ?? .init(kind: defect.kind, count: 0, lines: [])
    tally.count += 1
    if let line = defect.line, tally.lines.count < TrackValidator.lineLimit {
      tally.lines.append(line)
    }
    tallies[key] = tally
  }

  /// The counts by kind, in the kinds' order, of the defects of the file and of the points of
  /// kind `replayed` (all points when `nil`: nothing is replayed).
  public func counts(replaying replayed: FixKind?) -> [TrackSummary.DefectCount] {
    var merged: [TrackDefect.Kind: TrackSummary.DefectCount] = [:]
    for (key, tally) in tallies where replayed == nil || key.point == nil || key.point == replayed {
      var total = merged[key.kind] ?? .init(kind: key.kind, count: 0, lines: [])
      total.count += tally.count
      total.lines = Array((total.lines + tally.lines).sorted().prefix(TrackValidator.lineLimit))
      merged[key.kind] = total
    }
    return merged.values.sorted { $0.kind < $1.kind }
  }
}
