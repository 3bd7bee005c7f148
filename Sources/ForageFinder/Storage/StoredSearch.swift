import ForageGeodesy
import ForagePlaceModel
import ForageProviders
import Foundation

/// A search as a places cache file keeps it: where it was made, how far it is complete, and
/// when.
public struct StoredSearch: Sendable, Equatable {
  /// The search's centre.
  public var centre: Coordinate
  /// The radius in metres within which the search returned every matching place (0: none).
  public var coveredRadius: Double
  /// When the search was made (wall-clock time), for expiry.
  public var searchedAt: Date

  /// Creates a stored search.
  public init(centre: Coordinate, coveredRadius: Double, searchedAt: Date) {
    self.centre = centre
    self.coveredRadius = coveredRadius
    self.searchedAt = searchedAt
  }

  /// How far after the reader's clock a stored search's time may lie: machines sharing a
  /// cache disagree by seconds or minutes, not days.
  public static let clockSkew: Duration = .seconds(86_400)

  /// Whether a search read back from a places storage is one forage could have made: a covered
  /// radius from 0 to the widest search (`NearbySearch.maximumRadius`, 50 km) and a time
  /// (seconds since 1970) no later than ``clockSkew`` after `now`. A storage refuses any other
  /// as impossible: the coverage cache cannot hold a disk of any size (one of 1e308 m stopped
  /// the process), and a search from the future would never expire.
  public static func isPossible(coveredRadius: Double, searchedAt: Double, now: Date) -> Bool {
    (0...NearbySearch.maximumRadius).contains(coveredRadius) && searchedAt.isFinite
      && searchedAt <= now.timeIntervalSince1970 + clockSkew.seconds
  }
}

/// What a places cache file knows for one scope: the searches not yet expired and the places
/// they found.
public struct StoredKnowledge: Sendable, Equatable {
  /// The searches, oldest first.
  public var searches: [StoredSearch]
  /// The places, by id.
  public var places: [Place]
  /// The notices the API's answers carried about its data (`ForageProviders/PlacesPage/notices`),
  /// to be shown with the places, in the order first learned.
  public var notices: [String]

  /// Creates knowledge.
  public init(searches: [StoredSearch] = [], places: [Place] = [], notices: [String] = []) {
    self.searches = searches
    self.places = places
    self.notices = notices
  }
}
