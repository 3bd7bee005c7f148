/// One thing a ``TrackReader`` produced: a usable fix or a defect it survived.
///
/// Defects concerning a fix come just before that fix (or instead of it when it was dropped).
public enum TrackEvent: Sendable, Hashable {
  /// A fix that passed the reader's defect policies.
  case fix(Fix)
  /// A defect the reader found and dealt with according to its policy.
  case defect(TrackDefect)
}
