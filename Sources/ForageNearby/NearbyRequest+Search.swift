import ForageGeodesy
import ForageHours
import ForagePlaceDataset
import ForagePlaceModel
import ForageSpatialIndex
import ForageSupport
import Foundation

extension NearbyRequest {
  /// Loads the dataset (and the track), builds the index and searches.
  ///
  /// - Parameter warn: Receives the dataset's report lines (``PlaceDataset/report(limit:)``):
  ///   skipped features and places without a name; with ``time``, the places whose
  ///   `open_at_fix` could not be told, where an option would tell them or `--open` left them
  ///   out (``ForageHours/HoursTally/warning(countsNoHours:isOpenOnly:)``).
  /// - Returns: The places found, nearest first.
  /// - Throws: ``NearbyError`` when a file cannot be read, is malformed or has no usable place.
  public func search(warn: (String) -> Void) throws(NearbyError) -> NearbyResult {
    // Read the track first, so a bad track fails before any dataset warning is printed.
    var track: [Coordinate] = []
    if case .track(let path) = origin { track = try Self.trackPoints(path) }
    let dataset: PlaceDataset
    do {
      dataset = try PlaceDataset.load(path: places)
    } catch {
      throw error.isUnreadable ? .io(error.description) : .data(error.description)
    }
    dataset.report().forEach(warn)
    var places = dataset.places
    if let type { places.removeAll { !$0.hasType(type) } }
    var holidays = PublicHolidays.unknown
    if let publicHolidays {
      do {
        holidays = try PublicHolidays.read(publicHolidays)
      } catch {
        let message = "--public-holidays: \(error.description)"
        if case .unreadable = error { throw .io(message) }
        throw .data(message)
      }
    }
    let hours = HoursJudge(timeZone: timeZone, publicHolidays: holidays)
    let index = SpatialIndex(places)
    var found: [Neighbor<Place>]
    switch origin {
    case .point(let centre):
      found =
        isOpenOnly
        ? index.within(radius, of: centre) : index.nearest(limit, within: radius, of: centre)
    case .track:
      found = index.along(track, within: radius)
    }
    // With --open, only the places within the radius are judged (and counted when undecided).
    if isOpenOnly { found.removeAll { hours.verdict(for: $0.item, at: time) != .open } }
    found = Array(found.prefix(limit))
    let listed = found.map {
      NearbyPlace(
        $0.item,
        distance: $0.distance(),
        openAtFix: hours.verdict(for: $0.item, at: time).isOpen
      )
    }
    if time != nil, let warning = hours.tally().warning(isOpenOnly: isOpenOnly) { warn(warning) }
    return NearbyResult(
      places: listed,
      attribution: dataset.attribution.map(AttributionNotice.bySource)
    )
  }
}
