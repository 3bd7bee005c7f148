import ForageGeodesy
import ForagePlaceModel
import ForageSupport

/// The Places API (New) JSON, as sent and as it arrives (decoded leniently).
enum PlacesNewWire {
  /// The `searchNearby` request body.
  struct Request: Encodable {
    struct LocationRestriction: Encodable {
      var circle: Circle
    }
    struct Circle: Encodable {
      var center: LatLng
      var radius: Double
    }
    struct LatLng: Encodable {
      var latitude: Double
      var longitude: Double
    }
    var includedTypes: [String]?
    var maxResultCount: Int
    var locationRestriction: LocationRestriction
    var rankPreference: String
    var languageCode: String?
  }

  /// The answer: places, or an error.
  struct Response: Decodable {
    struct ErrorBody: Decodable {
      /// One of `details`: Google's `ErrorInfo`, whose `reason` says which argument was wrong.
      struct Detail: Decodable {
        var reason: String?
      }
      var code: Int?
      var message: String?
      var status: String?
      var details: [Lenient<Detail>]?

      /// Whether the error is Google's answer to a wrong key: `INVALID_ARGUMENT` with the
      /// reason `API_KEY_INVALID`.
      var isKeyInvalid: Bool {
        (details ?? []).contains { $0.value?.reason == "API_KEY_INVALID" }
      }
    }
    var places: [Lenient<Place>]?
    var error: ErrorBody?
    /// The legacy Nearby Search's `status`, which no Places API (New) answer has: a body with it
    /// and no `places` is another API's answer (a proxy's, a wrong `--api-base`), never "no
    /// places here".
    var status: Lenient<String>?
  }

  /// One place.
  struct Place: Decodable {
    struct LocalizedText: Decodable {
      var text: String?
    }
    struct LatLng: Decodable {
      var latitude: LenientNumber
      var longitude: LenientNumber
    }
    struct OpeningHours: Decodable {
      var openNow: Bool?
    }
    /// `regularOpeningHours`: the regular week, as periods of `{day, hour, minute}` points.
    struct RegularHours: Decodable {
      struct Period: Decodable {
        var open: Point?
        var close: Point?
      }
      struct Point: Decodable {
        var day: Int?
        var hour: Int?
        var minute: Int?
      }
      var periods: [Period]?
    }
    /// Who provided the place's data, to be shown with it.
    struct Attribution: Decodable {
      var provider: String?
      var providerUri: String?
    }

    var id: String
    var displayName: LocalizedText?
    var location: LatLng
    var rating: LenientNumber?
    var userRatingCount: LenientNumber?
    var priceLevel: String?
    var types: [String?]?
    var shortFormattedAddress: String?
    var formattedAddress: String?
    var currentOpeningHours: OpeningHours?
    var regularOpeningHours: RegularHours?
    /// Whether the answer gave `regularOpeningHours` (not null) that could not be decoded.
    var hasUnreadableHours = false
    var utcOffsetMinutes: LenientNumber?
    /// Whether the answer gave a `utcOffsetMinutes` (not null) that is not a number.
    var hasUnreadableOffset = false
    var businessStatus: String?
    var attributions: [Lenient<Attribution>]?

    enum CodingKeys: String, CodingKey {
      case id, displayName, location, rating, userRatingCount, priceLevel, types,
        shortFormattedAddress, formattedAddress, currentOpeningHours, regularOpeningHours,
        utcOffsetMinutes, businessStatus, attributions
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(String.self, forKey: .id)
      location = try container.decode(LatLng.self, forKey: .location)
      displayName = try? container.decodeIfPresent(LocalizedText.self, forKey: .displayName)
      rating = try? container.decodeIfPresent(LenientNumber.self, forKey: .rating)
      userRatingCount = try? container.decodeIfPresent(
        LenientNumber.self,
        forKey: .userRatingCount
      )
      priceLevel = try? container.decodeIfPresent(String.self, forKey: .priceLevel)
      types = try? container.decodeIfPresent([String?].self, forKey: .types)
      shortFormattedAddress = try? container.decodeIfPresent(
        String.self,
        forKey: .shortFormattedAddress
      )
      formattedAddress = try? container.decodeIfPresent(String.self, forKey: .formattedAddress)
      currentOpeningHours = try? container.decodeIfPresent(
        OpeningHours.self,
        forKey: .currentOpeningHours
      )
      regularOpeningHours = try? container.decodeIfPresent(
        RegularHours.self,
        forKey: .regularOpeningHours
      )
      hasUnreadableHours =
        regularOpeningHours == nil && Self.isGiven(.regularOpeningHours, in: container)
      utcOffsetMinutes = try? container.decodeIfPresent(
        LenientNumber.self,
        forKey: .utcOffsetMinutes
      )
      hasUnreadableOffset =
        utcOffsetMinutes == nil && Self.isGiven(.utcOffsetMinutes, in: container)
      businessStatus = try? container.decodeIfPresent(String.self, forKey: .businessStatus)
      attributions = try? container.decodeIfPresent(
        [Lenient<Attribution>].self,
        forKey: .attributions
      )
    }

    /// The place's `attributions` as plain text (``AttributionNotice/plainText(provider:uri:)``).
    var notices: [String] {
      (attributions ?? []).compactMap { attribution in
        attribution.value.flatMap {
          AttributionNotice.plainText(provider: $0.provider, uri: $0.providerUri)
        }
      }
    }

    /// The regular week, or `nil` when the answer has none or a period cannot be read (a
    /// missing or out-of-range day, hour or minute): hours that are partly read would be wrong.
    /// An offset beyond ±18 hours is no offset.
    var hours: PlaceHours? {
      if hasUnreadableHours {
        return .unreadable("regularOpeningHours is not periods of day, hour and minute")
      }
      guard let periods = regularOpeningHours?.periods, !periods.isEmpty else { return nil }
      var offset: Int?
      if let utcOffsetMinutes {
        guard let minutes = utcOffsetMinutes.integer else {
          return .unreadable("utcOffsetMinutes \(utcOffsetMinutes.value) is not whole minutes")
        }
        offset = minutes
      } else if hasUnreadableOffset {
        return .unreadable("utcOffsetMinutes is not a number")
      }
      let week = periods.map { period -> WeeklyPeriod? in
        guard let open = period.open.flatMap(Self.weekTime) else { return nil }
        guard let point = period.close else { return WeeklyPeriod(open: open, close: nil) }
        return Self.weekTime(point).map { WeeklyPeriod(open: open, close: $0) }
      }
      return PlaceHours.week(week, utcOffsetMinutes: offset)
    }

    /// Whether `key` holds a value other than `null`.
    private static func isGiven(
      _ key: CodingKeys,
      in container: KeyedDecodingContainer<CodingKeys>
    )
      -> Bool
    {
      container.contains(key) && !((try? container.decodeNil(forKey: key)) ?? true)
    }

    private static func weekTime(_ point: RegularHours.Point) -> WeekTime? {
      guard let day = point.day, let hour = point.hour else { return nil }
      return WeekTime(day: day, hour: hour, minute: point.minute ?? 0)
    }

    /// The names of price levels 0–4.
    static let priceLevels = [
      "PRICE_LEVEL_FREE", "PRICE_LEVEL_INEXPENSIVE", "PRICE_LEVEL_MODERATE",
      "PRICE_LEVEL_EXPENSIVE", "PRICE_LEVEL_VERY_EXPENSIVE",
    ]

    /// The place, or `nil` when its coordinate is unusable.
    var place: ForagePlaceModel.Place? {
      guard
        let coordinate = try? Coordinate(
          latitude: location.latitude.value,
          longitude: location.longitude.value
        ),
        !id.isEmpty
      else { return nil }
      return ForagePlaceModel.Place(
        id: id,
        name: displayName?.text,
        coordinate: coordinate,
        rating: rating?.value,
        userRatingsTotal: userRatingCount?.integer,
        priceLevel: priceLevel.flatMap { Self.priceLevels.firstIndex(of: $0) },
        types: (types ?? []).compactMap { $0 },
        vicinity: shortFormattedAddress ?? formattedAddress,
        openNow: currentOpeningHours?.openNow,
        businessStatus: businessStatus.map(BusinessStatus.init(rawValue:)),
        openingHours: hours,
        provenance: .placesNew
      )
    }
  }
}
