/// When the places middleware spends a request.
public enum QueryPolicy: String, Sendable, Hashable, CaseIterable {
  /// Ask the coverage cache first; query only for disks it does not fully know (the default).
  case coverage
  /// One query per delivered fix, as the classic ReSwift example does: the baseline to compare.
  case everyFix = "every-fix"
}
