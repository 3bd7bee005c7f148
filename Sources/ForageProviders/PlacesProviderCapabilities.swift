import Foundation

/// What a provider can do and what it costs, each fact stated once: what the CLI checks a run's
/// options against, and what the coverage cache is tuned by.
public struct PlacesProviderCapabilities: Sendable, Hashable {
  /// Which `--type` values the API searches for.
  public enum PlaceTypes: Sendable, Hashable {
    /// Any type name; an unknown one finds nothing (Places API (New)).
    case any
    /// Only the types of Google's Table 1 (``GoogleNearbySearchProvider/supportedTypes``); any
    /// other is answered with no places at all.
    case googleTable1
    /// Only the OpenStreetMap amenities Overpass maps
    /// (``OverpassProvider/supportedTypes``).
    case openStreetMapTags
  }

  /// The API's name for messages, such as `Places API (New)`.
  public let displayName: String
  /// Where the provider's public service is, such as `https://places.googleapis.com`.
  public let defaultBaseURL: URL
  /// The most places forage answers a fix with, whatever the provider (`--limit`): the legacy
  /// API's three pages of 20, which Places API (New) reaches by searching beyond its cap and
  /// Overpass by its radius.
  public static let largestLimit = 60

  /// The most places one search returns, pages included: Nearby Search (legacy) 3 pages of 20,
  /// Places API (New) 20, Overpass no cap.
  public let resultLimit: Int
  /// The most places one request returns (a page).
  public let pageSize: Int
  /// Whether a search may match a keyword (`--keyword`).
  public let searchesKeywords: Bool
  /// Which place types it searches for.
  public let placeTypes: PlaceTypes
  /// Whether its places carry opening hours (`--open` needs them).
  public let givesOpeningHours: Bool
  /// Whether those hours are in local time with no UTC offset, so that reading them needs a
  /// time zone (`--timezone`): OpenStreetMap's.
  public let hoursNeedTimeZone: Bool
  /// Whether a search ranked by prominence returns every matching place within its radius, in
  /// one page and uncapped (Overpass): the places engine then searches within a radius and
  /// knows the whole disk. APIs that cap their answers are asked nearest first.
  public let isCompleteWithinRadius: Bool
  /// The hosts of the API's public instances (the default's, and known mirrors): any of them,
  /// or a host under one, is this provider's (``isPublicHost(_:)``).
  public let publicHosts: [String]
  /// Whether the API needs a key.
  public let needsAPIKey: Bool
  /// What each request is billed as when it asks for every field forage reads (or for the
  /// fields the value was made for, ``asking(for:)``); `nil` when not known (an API forage does
  /// not know the bill of), and then the run summary has no `requests_by_sku` for it.
  public let sku: PlacesSKU?
  /// What each request is billed as when it asks for Pro fields only (``PlacesFieldSet/pro``),
  /// or `nil` when the API does not bill by field (then it cannot be asked for fewer).
  public let proFieldsSKU: PlacesSKU?
  /// The longest time the API's terms let a cache keep its answers, or `nil` for no limit:
  /// Google lets latitude and longitude be kept at most 30 consecutive days (place IDs are
  /// exempt, but a search's coverage and its places' coordinates are not); OpenStreetMap's
  /// data (Overpass) is ODbL, kept as long as it is attributed.
  public let longestTimeToLive: Duration?

  /// States a provider's facts.
  ///
  /// - Parameters:
  ///   - displayName: The API's name for messages.
  ///   - defaultBaseURL: Where its public service is.
  ///   - resultLimit: The most places one search returns, pages included (`Int.max`: no cap).
  ///   - pageSize: The most places one request returns.
  ///   - searchesKeywords: Whether a search may match a keyword.
  ///   - placeTypes: Which place types it searches for.
  ///   - givesOpeningHours: Whether its places carry opening hours.
  ///   - hoursNeedTimeZone: Whether those hours need a time zone to be read.
  ///   - isCompleteWithinRadius: Whether a search within a radius returns every place there.
  ///   - publicHosts: The hosts of its public instances.
  ///   - needsAPIKey: Whether it needs a key.
  ///   - sku: What each request is billed as, if known.
  ///   - proFieldsSKU: What a request for Pro fields only is billed as, if it bills by field.
  ///   - longestTimeToLive: The longest its terms let a cache keep answers; `nil` for no limit.
  public init(
    displayName: String,
    defaultBaseURL: URL,
    resultLimit: Int,
    pageSize: Int,
    searchesKeywords: Bool,
    placeTypes: PlaceTypes,
    givesOpeningHours: Bool,
    hoursNeedTimeZone: Bool,
    isCompleteWithinRadius: Bool = false,
    publicHosts: [String],
    needsAPIKey: Bool,
    sku: PlacesSKU?,
    proFieldsSKU: PlacesSKU? = nil,
    longestTimeToLive: Duration?
  ) {
    self.displayName = displayName
    self.defaultBaseURL = defaultBaseURL
    self.resultLimit = resultLimit
    self.pageSize = pageSize
    self.searchesKeywords = searchesKeywords
    self.placeTypes = placeTypes
    self.givesOpeningHours = givesOpeningHours
    self.hoursNeedTimeZone = hoursNeedTimeZone
    self.isCompleteWithinRadius = isCompleteWithinRadius
    self.publicHosts = publicHosts
    self.needsAPIKey = needsAPIKey
    self.sku = sku
    self.proFieldsSKU = proFieldsSKU
    self.longestTimeToLive = longestTimeToLive
  }

  /// Google's limit on keeping coordinates: 30 consecutive days.
  public static let googleTimeToLive = Duration.seconds(30 * 86_400)

  /// Whether `host` is one of the API's public instances or a host under one, spelled in any
  /// case and with or without the final dot of a fully qualified name.
  public func isPublicHost(_ host: String) -> Bool {
    var name = host.lowercased()
    while name.hasSuffix(".") { name.removeLast() }
    return publicHosts.contains { name == $0 || name.hasSuffix("." + $0) }
  }

  /// What each request is billed as, with the fields asked for.
  ///
  /// - Parameter fields: The fields asked for; only an API with a ``proFieldsSKU`` looks at it.
  /// - Returns: The SKU.
  public func sku(for fields: PlacesFieldSet) -> PlacesSKU? {
    fields == .pro ? proFieldsSKU ?? sku : sku
  }

  /// The facts of this API when each request asks for `fields`: Pro fields only carry no
  /// opening hours and are billed as ``proFieldsSKU`` (an API that does not bill by field is
  /// asked for every field whatever `fields` says, so nothing changes).
  public func asking(for fields: PlacesFieldSet) -> PlacesProviderCapabilities {
    guard fields == .pro, let proFieldsSKU else { return self }
    return PlacesProviderCapabilities(
      displayName: displayName,
      defaultBaseURL: defaultBaseURL,
      resultLimit: resultLimit,
      pageSize: pageSize,
      searchesKeywords: searchesKeywords,
      placeTypes: placeTypes,
      givesOpeningHours: false,
      hoursNeedTimeZone: hoursNeedTimeZone,
      isCompleteWithinRadius: isCompleteWithinRadius,
      publicHosts: publicHosts,
      needsAPIKey: needsAPIKey,
      sku: proFieldsSKU,
      proFieldsSKU: proFieldsSKU,
      longestTimeToLive: longestTimeToLive
    )
  }

  /// Why a cache that keeps this API's answers for `timeToLive` would break its terms, or
  /// `nil` when it keeps within them (``longestTimeToLive``).
  public func termsRefusal(keeping timeToLive: Duration) -> String? {
    guard let longest = longestTimeToLive, timeToLive > longest else { return nil }
    let days = Int(longest.components.seconds / 86_400)
    return "a cache kept for \(Self.describe(timeToLive)) outlives the terms of \(displayName), "
      + "which let coordinates be kept at most \(days) days; keep it \(days)d or less"
  }

  /// A duration in whole days, or in seconds when it is not a whole number of days.
  private static func describe(_ duration: Duration) -> String {
    let (seconds, fraction) = duration.components
    if fraction == 0, seconds % 86_400 == 0 { return "\(seconds / 86_400) days" }
    return "\(Double(seconds) + Double(fraction) / 1e18) s"
  }

  /// Places API (New): one page of at most 20 places, any type, no keyword, hours with a UTC
  /// offset, billed by field. The cache helps at every K up to ``largestLimit``: the search
  /// planner centres searches beside the track where one at the fix cannot cover the disks the
  /// next fixes need, and beyond the cap the union answers (CoverageBenchmark measures it).
  public static let placesNew = PlacesProviderCapabilities(
    displayName: "Places API (New)",
    defaultBaseURL: PlacesNewProvider.defaultBaseURL,
    resultLimit: 20,
    pageSize: 20,
    searchesKeywords: false,
    placeTypes: .any,
    givesOpeningHours: true,
    hoursNeedTimeZone: false,
    publicHosts: ["places.googleapis.com"],
    needsAPIKey: true,
    sku: .nearbySearchEnterprise,
    proFieldsSKU: .nearbySearchPro,
    longestTimeToLive: googleTimeToLive
  )

  /// Google's legacy Nearby Search: three pages of 20, Table 1 types and keywords, no hours.
  public static let googleLegacy = PlacesProviderCapabilities(
    displayName: "Nearby Search (legacy)",
    defaultBaseURL: GoogleNearbySearchProvider.defaultBaseURL,
    resultLimit: 60,
    pageSize: 20,
    searchesKeywords: true,
    placeTypes: .googleTable1,
    givesOpeningHours: false,
    hoursNeedTimeZone: false,
    publicHosts: ["maps.googleapis.com"],
    needsAPIKey: true,
    sku: .nearbySearchLegacy,
    proFieldsSKU: nil,
    longestTimeToLive: googleTimeToLive
  )

  /// Overpass: every place within the radius in one answer, OpenStreetMap amenities and
  /// keywords, hours in local time, no key, no bill.
  public static let overpass = PlacesProviderCapabilities(
    displayName: "Overpass",
    defaultBaseURL: OverpassProvider.defaultBaseURL,
    resultLimit: Int.max,
    pageSize: Int.max,
    searchesKeywords: true,
    placeTypes: .openStreetMapTags,
    givesOpeningHours: true,
    hoursNeedTimeZone: true,
    isCompleteWithinRadius: true,
    // The main instance and its mirrors (lz4., z.), and the public instances the OSM wiki
    // lists: a key for Google must never reach one.
    publicHosts: [
      "overpass-api.de", "overpass.kumi.systems", "overpass.private.coffee", "maps.mail.ru",
      "overpass.openstreetmap.ru", "overpass.osm.ch", "overpass.openstreetmap.fr",
    ],
    needsAPIKey: false,
    sku: .free,
    proFieldsSKU: nil,
    longestTimeToLive: nil
  )
}
