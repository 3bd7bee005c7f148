import ForageGeodesy
import ForageProviders

extension SearchPlanner {
  /// How many fixes ahead a search within a radius is meant to serve, at the pace of the recent
  /// fixes: a walk at 1.4 m/s asks for R + 84 m and the margin, centred 84 m ahead.
  static let fixesAhead = 120.0
  /// How much more than R a search within a radius asks at the least: the larger of these
  /// metres and this part of R, so that GPS noise around a receiver standing still (or not yet
  /// known to move) stays inside the first disk, and a fix a little off the predicted way inside
  /// the planned one.
  static let radiusMargin = (metres: 20.0, fraction: 0.1)
  /// How many times R a search within a radius asks for at the most (the answer grows with the
  /// area; the API's own limit, 50 km, applies too).
  static let largestRadiusFactor = 4.0

  /// How many places a search within a radius may be expected to return when it is widened
  /// beyond what the next ``fixesAhead`` fixes need, where the recent searches found few
  /// (``widenedRadius(cap:)``); an API with a smaller cap is expected at most half its cap.
  static let widenedPlaces = 1_000.0

  /// The next search for a fix, where a search returns every place within the radius it asks
  /// (Overpass; a search by prominence while it is not capped): ahead of the fix by half the way
  /// it will move over the next ``fixesAhead`` fixes, asking R plus that half and a margin, so
  /// that one disk holds the disk of R around each of those fixes; at the fix, with only the
  /// margin, while it stands still.
  ///
  /// Where the recent searches found so few places that a wider disk is expected to hold at
  /// most ``widenedPlaces`` (``widenedRadius(cap:)``), and that is more than the fixes ahead
  /// need, the search asks that radius (up to ``largestRadiusFactor`` R) at the fix: in a sparse
  /// area one request serves the fixes of a long way, whichever way they turn (on the synthetic
  /// sparse walks, 2 requests where the plan ahead needed 11 to 13).
  ///
  /// After a search that covered nothing (capped), at the fix with R: a larger disk would only
  /// be capped again.
  ///
  /// - Parameters:
  ///   - fix: The fix that needs a search.
  ///   - radius: R, the radius every answer is asked within.
  ///   - cap: The most places a search returns (`PlacesProviderCapabilities.resultLimit`).
  func radiusPlan(for fix: Coordinate, radius: Double, cap: Int = .max) -> Plan {
    if let last = searches.last, last.radius == 0 { return Plan(centre: fix, enoughRadius: nil) }
    let largest = min(NearbySearch.maximumRadius, Self.largestRadiusFactor * radius)
    let margin = max(Self.radiusMargin.metres, Self.radiusMargin.fraction * radius)
    let widened = min(largest, widenedRadius(cap: cap) ?? 0)
    guard let (plane, back, moved, steps) = movement(to: fix) else {
      return Plan(centre: fix, enoughRadius: max(widened, min(largest, radius + margin)))
    }
    let ahead = min(
      moved / Double(steps) * Self.fixesAhead / 2,
      max(0, largest - radius - margin)
    )
    let asked = min(largest, radius + ahead + margin)
    // Where few places are near, the wider disk at the fix serves more fixes, whichever way
    // the receiver turns.
    if widened > asked { return Plan(centre: fix, enoughRadius: widened) }
    let heading = PlanarPoint(x: -back.x / moved * ahead, y: -back.y / moved * ahead)
    return Plan(centre: plane.unproject(heading), enoughRadius: asked)
  }

  /// The radius a search within a radius is expected to hold ``widenedPlaces`` places in (or
  /// half of `cap`, when less), at the densest of the last two complete searches; `nil` until
  /// one has told it.
  func widenedRadius(cap: Int) -> Double? {
    let recent = searches.filter { $0.isComplete && !$0.mayGrow && $0.radius > 0 }.suffix(2)
    // No place found counts as one, so that an empty search does not widen without end.
    let densities = recent.compactMap { disk in
      disk.places.map { Double(max($0, 1)) / (Double.pi * disk.radius * disk.radius) }
    }
    guard let density = densities.max() else { return nil }
    let places = min(Self.widenedPlaces, Double(cap) / 2)
    return (places / (Double.pi * density)).squareRoot()
  }
}
