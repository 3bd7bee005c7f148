/// What one request is billed as: the line of the provider's bill it counts on, and how many such
/// requests a month cost nothing.
///
/// Places API (New) bills each Nearby Search request at the highest SKU among the fields of its
/// field mask: ids, names, locations, types, addresses, business status and UTC offset are
/// Nearby Search Pro fields; ratings, price levels and opening hours are Nearby Search
/// Enterprise fields. Each SKU has its own free monthly allowance (5 000 Pro requests, 1 000
/// Enterprise requests a billing account, from March 2025). Google's legacy Nearby Search has
/// no field mask: every request, each page included, counts as one Nearby Search request (with
/// its Contact and Atmosphere data). Overpass is free.
///
/// Sources: <https://developers.google.com/maps/documentation/places/web-service/nearby-search>
/// (which fields trigger which SKU),
/// <https://developers.google.com/maps/documentation/places/web-service/usage-and-billing>
/// ("billed at the highest SKU applicable to your request") and
/// <https://developers.google.com/maps/billing-and-pricing/pricing> (the free usage caps).
public struct PlacesSKU: Sendable, Hashable, CustomStringConvertible {
  /// The SKU in JSON, as a member name: `nearby_search_pro`, `free`.
  public let id: String
  /// The SKU as the bill names it, such as `Nearby Search Pro`, or `free`.
  public let name: String
  /// How many requests a month the billing account gets at no cost, or `nil` when every request
  /// is free.
  public let freeMonthlyRequests: Int?

  /// Creates a SKU.
  public init(id: String, name: String, freeMonthlyRequests: Int?) {
    self.id = id
    self.name = name
    self.freeMonthlyRequests = freeMonthlyRequests
  }

  public var description: String { name }

  /// Places API (New) Nearby Search with Pro fields only: 5 000 free requests a month.
  public static let nearbySearchPro = PlacesSKU(
    id: "nearby_search_pro",
    name: "Nearby Search Pro",
    freeMonthlyRequests: 5_000
  )

  /// Places API (New) Nearby Search with an Enterprise field (rating, price level, opening
  /// hours): 1 000 free requests a month.
  public static let nearbySearchEnterprise = PlacesSKU(
    id: "nearby_search_enterprise",
    name: "Nearby Search Enterprise",
    freeMonthlyRequests: 1_000
  )

  /// Google's legacy Nearby Search, each page a request: a Pro SKU, 5 000 free a month.
  public static let nearbySearchLegacy = PlacesSKU(
    id: "nearby_search_legacy",
    name: "Nearby Search (Legacy)",
    freeMonthlyRequests: 5_000
  )

  /// A keyless API that bills nothing (Overpass).
  public static let free = PlacesSKU(id: "free", name: "free", freeMonthlyRequests: nil)

  /// Every SKU forage knows, to name one read back by its ``id`` (from a recording).
  public static let known: [PlacesSKU] = [
    .nearbySearchPro, .nearbySearchEnterprise, .nearbySearchLegacy, .free,
  ]

  /// The bill's name of the SKU with this ``id``, or the id itself for one forage does not know.
  public static func name(ofID id: String) -> String {
    known.first { $0.id == id }?.name ?? id
  }
}
