/// The version `forage --version` prints.
enum ForageVersion {
  /// The semantic version of this build.
  static let current = "0.1.0"
}
