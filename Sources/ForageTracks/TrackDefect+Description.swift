extension TrackDefect.Kind {
  /// What the defect is, in a few words for a message: "latitude or longitude missing, not a
  /// number or out of range".
  public var phrase: String {
    switch self {
    case .missingTime: "no time, or one that could not be read"
    case .sentinelTime: "a time before the GPS epoch"
    case .timeBackwards: "a time earlier than the point before it"
    case .newTimeline:
      "a time earlier than the point before it, ending a run of "
        + "\(TrackReadOptions.newTimelineRun) such points: a new timeline"
    case .duplicatePoint: "the same position and time as the point before it"
    case .implausibleJump: "a jump faster than the maximum speed"
    case .gap: "a pause longer than the gap threshold before it"
    case .invalidCoordinate: "latitude or longitude missing, not a number or out of range"
    case .lowAccuracy: "an accuracy worse than the limit"
    case .noFix: "a receiver that had no fix"
    case .emptySegment: "an empty segment"
    case .checksumError: "a wrong NMEA checksum"
    case .partialLine: "a line cut short"
    case .overlongLine: "a line longer than 64 KiB"
    case .binaryNoise: "bytes that are not text"
    case .unpairedGGA: "a GGA sentence without its RMC"
    case .unreadableValue:
      "an elevation, accuracy, HDOP, speed or course that could not be read or is out of range"
    }
  }
}
