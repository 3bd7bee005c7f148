/// When the places middleware spends a request.
public enum QueryPolicy: String, Sendable, Hashable, CaseIterable {
  /// Ask the coverage cache first; query only for disks it does not fully know, centring each
  /// search ahead of the fix along its heading (`SearchPlanner`) so it serves the fixes to
  /// come (the default).
  case coverage
  /// Like ``coverage``, but every search is centred on the fix that needs it: the policy before
  /// searching ahead, kept to compare against.
  case coverageAtFix = "coverage-at-fix"
  /// One query per delivered fix, as the classic ReSwift example does: the baseline to compare.
  case everyFix = "every-fix"
}
