/// A `forage nearby` option that is wrong, as one line naming it (exit 64).
struct NearbyUsageError: Error, Equatable, CustomStringConvertible {
  /// The one-line message, such as `--radius: 'x' is not a number of metres ...`.
  var description: String

  /// Creates an error with its message.
  init(_ description: String) {
    self.description = description
  }
}
