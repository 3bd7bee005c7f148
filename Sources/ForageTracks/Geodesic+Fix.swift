import ForageGeodesy

extension Geodesic {
  /// The geodesic distance in metres between two fixes.
  public static func distance(_ from: Fix, _ to: Fix) -> Double {
    distance(
      latitude1: from.latitude,
      longitude1: from.longitude,
      latitude2: to.latitude,
      longitude2: to.longitude
    )
  }
}
