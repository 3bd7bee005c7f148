extension PlacesNewProvider {
  /// Place types that come back in answers but that Nearby Search (New) does not search for:
  /// "Table B" of Google's place types for Places API (New),
  /// <https://developers.google.com/maps/documentation/places/web-service/place-types>. A
  /// restaurant's types end with `food`, `point_of_interest` and `establishment`; asked for as
  /// `includedTypes`, the API refuses them as unsupported types.
  public static let answerOnlyTypes: Set<String> = [
    "administrative_area_level_1", "administrative_area_level_2", "administrative_area_level_3",
    "administrative_area_level_4", "administrative_area_level_5", "administrative_area_level_6",
    "administrative_area_level_7", "archipelago", "colloquial_area", "continent", "country",
    "establishment", "finance", "floor", "food", "general_contractor", "geocode", "health",
    "intersection", "landmark", "locality", "natural_feature", "neighborhood",
    "place_of_worship", "plus_code", "point_of_interest", "political", "post_box",
    "postal_code", "postal_code_prefix", "postal_code_suffix", "postal_town", "premise", "room",
    "route", "street_address", "street_number", "sublocality", "sublocality_level_1",
    "sublocality_level_2", "sublocality_level_3", "sublocality_level_4", "sublocality_level_5",
    "subpremise", "town_square",
  ]
}
