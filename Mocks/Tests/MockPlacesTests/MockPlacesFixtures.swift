import ForagePlaceDataset
import ForagePlaceModel
import Foundation

@testable import MockPlaces

/// Small datasets and request helpers shared by the MockPlaces handler tests.
enum MockPlacesFixtures {
  /// The centre the fixtures are laid out around (Helsinki railway square).
  static let center = (latitude: 60.1710, longitude: 24.9410)

  /// A point `metres` due north of the centre (approximately; tests measure exactly).
  static func north(_ metres: Double) -> (latitude: Double, longitude: Double) {
    (center.latitude + metres / 111_412.0, center.longitude)
  }

  /// A place `metres` north of the centre.
  static func place(
    _ id: String,
    at metres: Double,
    name: String? = nil,
    types: [String] = ["restaurant", "food", "point_of_interest", "establishment"],
    rating: Double? = nil,
    ratings: Int? = nil,
    priceLevel: Int? = nil,
    status: BusinessStatus = .operational,
    openNow: Bool? = nil,
    keywords: [String] = []
  ) -> Place {
    let point = north(metres)
    return Place.dataset(
      id: id,
      name: name ?? "Place \(id)",
      latitude: point.latitude,
      longitude: point.longitude,
      types: types,
      rating: rating,
      userRatingsTotal: ratings,
      priceLevel: priceLevel,
      businessStatus: status,
      openNow: openNow,
      keywords: keywords
    )
  }

  /// `count` restaurants 10 m apart going north, ids `r00`, `r01`, …, with rising ratings.
  static func row(_ count: Int) -> PlaceDataset {
    PlaceDataset(
      places: (0..<count).map { index in
        place(
          String(format: "r%02d", index),
          at: Double(index) * 10,
          rating: 1.0 + Double(index % 40) / 10,
          ratings: 100
        )
      }
    )
  }

  /// A GET request for the legacy endpoint with these parameters.
  static func nearby(_ parameters: [(String, String)]) -> MockRequest {
    MockRequest(
      method: "GET",
      path: NearbySearchHandler.path,
      query: parameters.map { (name: $0.0, value: $0.1) }
    )
  }

  /// `location=` for the centre.
  static var location: (String, String) {
    ("location", "\(center.latitude),\(center.longitude)")
  }

  /// Decodes a JSON response body into a dictionary.
  static func json(_ response: MockResponse?) throws -> [String: Any] {
    guard let response else { throw FixtureError.noResponse }
    guard let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    else { throw FixtureError.notAnObject }
    return object
  }

  /// The `place_id`s of a legacy response's results, in order.
  static func ids(_ body: [String: Any]) -> [String] {
    (body["results"] as? [[String: Any]] ?? []).compactMap { $0["place_id"] as? String }
  }

  enum FixtureError: Error {
    case noResponse
    case notAnObject
  }
}
