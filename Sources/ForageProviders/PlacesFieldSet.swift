/// Which place fields a run asks for, where the API bills by field (Places API (New)).
public enum PlacesFieldSet: String, Sendable, Hashable, CaseIterable {
  /// Every field a `ForagePlaceModel/Place` holds: ratings, price levels and opening hours
  /// included (Places API (New) bills it as ``PlacesSKU/nearbySearchEnterprise``).
  case all
  /// Only the fields that say which places are where: id, name, location, types, address,
  /// business status (``PlacesSKU/nearbySearchPro``). Places and distances stay the same;
  /// ratings, price levels, `open_now` and opening hours are left out.
  case pro

  /// What a places cache file's API name adds for these fields: nothing for all, ` pro-fields`
  /// for Pro fields only, so that a file never answers one with the other's places.
  public var identitySuffix: String { self == .all ? "" : " \(rawValue)-fields" }
}
