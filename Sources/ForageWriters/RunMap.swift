import ForageFinder
import ForagePlaceModel

/// What a map of a run shows, gathered from its events: the delivered track with the source of
/// each answer, the dropped fixes, the fixes that asked the network, every place found, the
/// searched area and the totals.
struct RunMap {
  /// A delivered fix and where its answer came from, when it had one.
  struct TrackFix {
    var fixIndex: Int
    var latitude: Double
    var longitude: Double
    var source: FinderEvent.Source?
  }

  /// A place and what the run learnt about it.
  struct SeenPlace {
    var place: Place
    /// The fix whose answer listed it first.
    var firstFixIndex: Int
    /// Its distance from that fix, in metres.
    var firstDistance: Double
    /// Its smallest distance from any fix that listed it, in metres.
    var nearestDistance: Double
    /// How many answers listed it.
    var timesListed: Int
    /// Whether it was open at the time of the fix nearest to it (`open_at_fix` there), or `nil`
    /// when that could not be told.
    var openWhenNearest: Bool?
  }

  /// A position in degrees.
  struct Position {
    var latitude: Double
    var longitude: Double
  }

  /// Delivered fixes, in order.
  var track: [TrackFix] = []
  /// The index in ``track`` of each delivered fix, by fix index.
  var trackIndex: [Int: Int] = [:]
  /// Fixes the location filter or the permission gate dropped.
  var dropped: [Position] = []
  /// Where answers came from the network (each one at least one request).
  var networkAnswers: [Position] = []
  /// Places by id.
  var places: [String: SeenPlace] = [:]
  /// Place ids in the order they were first seen.
  var order: [String] = []
  /// The `error` events' messages, in order.
  var errors: [String] = []
  /// The run's totals, once the summary arrives.
  var summary: RunSummary?

  /// Takes one event.
  mutating func take(_ event: FinderEvent) {
    switch event.payload {
    case .location(let fixIndex, let latitude, let longitude, _):
      trackIndex[fixIndex] = track.count
      track.append(
        TrackFix(fixIndex: fixIndex, latitude: latitude, longitude: longitude, source: nil)
      )
    case .dropped(_, _, let latitude, let longitude):
      dropped.append(Position(latitude: latitude, longitude: longitude))
    case .places(let fixIndex, let latitude, let longitude, _, let source, let found):
      if let index = trackIndex[fixIndex] { track[index].source = source }
      if source == .network {
        networkAnswers.append(Position(latitude: latitude, longitude: longitude))
      }
      for place in found { see(place, at: fixIndex) }
    case .error(let kind, let message, _):
      errors.append("\(kind): \(message)")
    case .summary(let totals):
      summary = totals
    case .permission, .lost:
      break
    }
  }

  private mutating func see(_ nearby: NearbyPlace, at fixIndex: Int) {
    let id = nearby.place.id
    if var seen = places[id] {
      if nearby.distance < seen.nearestDistance {
        seen.nearestDistance = nearby.distance
        seen.openWhenNearest = nearby.openAtFix
      }
      seen.timesListed += 1
      places[id] = seen
    } else {
      places[id] = SeenPlace(
        place: nearby.place,
        firstFixIndex: fixIndex,
        firstDistance: nearby.distance,
        nearestDistance: nearby.distance,
        timesListed: 1,
        openWhenNearest: nearby.openAtFix
      )
      order.append(id)
    }
  }

  /// The places in the order they were first seen.
  var seenPlaces: [SeenPlace] { order.compactMap { places[$0] } }

  /// Every position the map must hold: the track, dropped fixes, places and the searched area.
  var extent: (latitudes: [Double], longitudes: [Double]) {
    var latitudes = track.map(\.latitude) + dropped.map(\.latitude)
    var longitudes = track.map(\.longitude) + dropped.map(\.longitude)
    for seen in seenPlaces {
      latitudes.append(seen.place.latitude)
      longitudes.append(seen.place.longitude)
    }
    for ring in summary?.coverage?.rings ?? [] {
      latitudes += ring.map(\.latitude)
      longitudes += ring.map(\.longitude)
    }
    return (latitudes, longitudes)
  }
}
