import ForageFinder
import ForagePlaces

extension PlacesBackend.ProviderName {
  /// The attribution a map of this API's places must show.
  var attribution: String {
    switch self {
    case .google, .placesNew: "Places data © Google (Powered by Google)"
    case .overpass: "Places data \(OverpassProvider.attributionText)"
    }
  }
}
