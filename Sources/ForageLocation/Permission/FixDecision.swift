import ForageTracks

/// What the location filter decided for one fix.
public enum FixDecision: Sendable, Hashable {
  /// Deliver this fix (possibly coarsened for reduced accuracy).
  case deliver(Fix)
  /// Drop the fix, for this reason.
  case drop(DropReason)
}
