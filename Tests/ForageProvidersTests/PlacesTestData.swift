import ForageGeodesy
import ForagePlaceDataset
import ForagePlaceModel
import ForageSupport
import Foundation
import MockPlaces

@testable import ForageProviders

/// The synthetic dataset the client-against-mock tests search.
enum PlacesTestData {
  /// Helsinki railway square.
  static let center = Coordinate(unchecked: 60.1710, longitude: 24.9410)

  /// A place `metres` due north of the centre.
  static func place(
    _ id: String,
    north metres: Double,
    name: String,
    types: [String] = ["restaurant"]
  ) -> Place {
    Place.dataset(
      id: id,
      name: name,
      latitude: center.latitude + metres / 111_412,
      longitude: center.longitude,
      types: types + ["point_of_interest", "establishment"]
    )
  }

  /// Two named places and 70 restaurants 5 m apart going north.
  static let dataset = PlaceDataset(
    places: [
      place("fish", north: 50, name: "Fish & Chips + Café Ääni 北京"),
      place("pizza", north: 60, name: "Pizza 50% off", types: ["meal_takeaway", "restaurant"]),
    ]
      + (0..<70).map {
        place(String(format: "r%02d", $0), north: Double($0) * 5, name: "Row \($0)")
      }
  )

  /// The ids a prominence search over the whole dataset returns, in order, capped at 60.
  static var prominenceOrder: [String] {
    Array(
      dataset.places
        .sorted { $0.prominence != $1.prominence ? $0.prominence > $1.prominence : $0.id < $1.id }
        .prefix(60).map(\.id)
    )
  }
}

extension Place {
  /// The same place, said to come from elsewhere: to compare what two providers returned.
  func with(provenance: PlaceProvenance) -> Place {
    var place = self
    place.provenance = provenance
    return place
  }
}
