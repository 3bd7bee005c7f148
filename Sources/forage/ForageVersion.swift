/// The version `forage --version` prints.
enum ForageVersion {
  /// The semantic version of this build.
  static let current = "0.1.0"

  /// The `User-Agent` of every request to a places API: names forage and its version, as
  /// the public Overpass instance asks.
  static let userAgent = "forage/\(current) (libcurl)"
}
