/// The Google place types an OpenStreetMap `amenity` (or `shop`) value corresponds to.
///
/// ``PlaceDataset`` gives every feature without a `types` property these types, so a search for
/// `restaurant` finds an OSM `amenity=fast_food` (a take-away that is also a restaurant) the same
/// way in `forage nearby` and through the mock Places server.
public enum OSMPlaceTypes {
  /// Types every establishment carries, appended after the specific ones.
  public static let establishment = ["point_of_interest", "establishment"]

  /// Specific Google types for OSM `amenity` values, most specific first.
  static let amenities: [String: [String]] = [
    "restaurant": ["restaurant", "food"],
    "food_court": ["restaurant", "food"],
    "cafe": ["cafe", "food"],
    "fast_food": ["meal_takeaway", "restaurant", "food"],
    "ice_cream": ["cafe", "food"],
    "pub": ["bar"],
    "bar": ["bar"],
    "biergarten": ["bar"],
    "nightclub": ["night_club"],
    "pharmacy": ["pharmacy", "health", "store"],
    "fuel": ["gas_station"],
    "cinema": ["movie_theater"],
    "bank": ["bank", "finance"],
    "atm": ["atm", "finance"],
    "library": ["library"],
    "post_office": ["post_office"],
    "police": ["police"],
    "hospital": ["hospital", "health"],
    "parking": ["parking"],
  ]

  /// Specific Google types for OSM `shop` values.
  static let shops: [String: [String]] = [
    "bakery": ["bakery", "food", "store"],
    "supermarket": ["supermarket", "grocery_or_supermarket", "food", "store"],
    "convenience": ["convenience_store", "food", "store"],
    "alcohol": ["liquor_store", "store"],
  ]

  /// The Google types for a feature's OSM tags, or `nil` when it has neither `amenity` nor `shop`.
  ///
  /// An unknown value keeps its own name as its specific type (`amenity=townhall` → `townhall`).
  public static func types(amenity: String?, shop: String?) -> [String]? {
    if let amenity = amenity.map(written), !amenity.isEmpty {
      return (amenities[amenity] ?? [amenity]) + establishment
    }
    if let shop = shop.map(written), !shop.isEmpty {
      return (shops[shop] ?? ["store"]) + establishment
    }
    return nil
  }

  /// A tag value or type as OpenStreetMap and Google write them: lowercase, no spaces around.
  static func written(_ value: String) -> String {
    value.trimmingCharacters(in: .whitespaces).lowercased()
  }

  /// The OSM `amenity` value a place of these Google types is tagged with where it has no OSM
  /// tags of its own (a dataset written with `types`), from the first of them that names one:
  /// an `amenity` value itself (`restaurant`), or the most specific Google type of exactly one
  /// (`meal_takeaway` → `fast_food`); `nil` for none.
  public static func amenity(forTypes types: [String]) -> String? {
    for type in types.map(written) {
      if amenities[type] != nil { return type }
      let named = amenities.filter { $0.value.first == type }.map(\.key)
      if named.count == 1 { return named[0] }
    }
    return nil
  }
}
