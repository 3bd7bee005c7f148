extension TrackReadOptions {
  /// What a reader with these options does with the points that have a defect, in a few words
  /// for a warning: "skipped", "kept", "given times between their neighbours'".
  public func handling(of kind: TrackDefect.Kind) -> String {
    func keptOrSkipped(_ policy: KeepOrDrop) -> String {
      policy == .keep ? "kept" : "skipped"
    }
    switch kind {
    case .missingTime, .sentinelTime:
      switch missingTime {
      case .interpolate: return "given times interpolated from their neighbours'"
      case .keep: return "kept without a time"
      case .drop: return "skipped"
      }
    case .timeBackwards: return keptOrSkipped(timeBackwards)
    case .newTimeline: return "kept, each starting a new segment"
    case .duplicatePoint: return keptOrSkipped(duplicatePoint)
    case .implausibleJump:
      return implausibleJump == .keep ? "kept (the location filter judges them)" : "skipped"
    case .gap: return gap == .newSegment ? "each starts a new segment" : "kept"
    case .invalidCoordinate: return "skipped"
    case .lowAccuracy:
      return lowAccuracy == .keep ? "kept (the location filter drops them)" : "skipped"
    case .noFix:
      return noFix == .keep
        ? "kept where they have a position (the location filter drops them), else skipped"
        : "skipped"
    case .emptySegment: return "ignored"
    case .checksumError, .partialLine, .overlongLine, .binaryNoise: return "skipped"
    case .unpairedGGA: return "skipped (no date without an RMC)"
    case .unreadableValue: return "kept without that value"
    }
  }
}
