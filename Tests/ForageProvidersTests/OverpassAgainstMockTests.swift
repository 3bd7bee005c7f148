import ForageGeodesy
import ForageHTTP
import ForagePlaceDataset
import ForagePlaceModel
import ForageSupport
import Foundation
import MockPlaces
import Testing

@testable import ForageProviders

/// The Overpass provider against the mock's Overpass handler, in process: the QL forage writes
/// is parsed and run by the mock (its regular expressions by the C library's `regcomp`, as
/// Overpass's are), so hostile keywords are matched literally or not at all.
@Suite struct OverpassAgainstMockTests {
  static let names = [
    #"Joe's "Bar""#, #"back\slash"#, "1.5 (x)*+?{2}|^$[", "Café Ääni", "Plain", "a.c",
    #"");out;node(1);//"#,
  ]

  /// Named restaurants 10 m apart going north, one cafe, one unnamed restaurant, one way.
  static let dataset = PlaceDataset(
    places: names.enumerated().map { index, name in
      place("osm-node-\(index + 1)", north: Double(index) * 10, name: name, amenity: "restaurant")
    } + [
      place("osm-node-100", north: 5, name: "Plain Cafe", amenity: "cafe"),
      place("osm-node-101", north: 15, name: nil, amenity: "restaurant"),
      place("osm-way-102", north: 25, name: "Station Hall", amenity: "restaurant"),
      place("osm-node-103", north: 2_000, name: "Far Plain", amenity: "restaurant"),
    ]
  )

  static func place(_ id: String, north: Double, name: String?, amenity: String) -> Place {
    var place = Place.dataset(
      id: id,
      name: name,
      latitude: PlacesTestData.center.latitude + north / 111_412,
      longitude: PlacesTestData.center.longitude
    )
    place.properties = ["amenity": amenity]
    return place
  }

  private func search(keyword: String? = nil, type: String = "restaurant") async throws -> [String]
  {
    let provider = OverpassProvider(
      transport: InProcessTransport(OverpassHandler(dataset: Self.dataset)),
      configuration: .init(baseURL: URL(string: "http://127.0.0.1:9")!),
      clock: VirtualClock()
    )
    return try await provider.searchNearby(
      NearbySearch(
        location: PlacesTestData.center,
        ranking: .prominence(radius: 500),
        type: type,
        keyword: keyword
      )
    ).places.map(\.id).sorted()
  }

  @Test func findsEveryPlaceOfTheTypeWithinTheRadius() async throws {
    #expect(
      try await search()
        == [
          "osm-node-1", "osm-node-101", "osm-node-2", "osm-node-3", "osm-node-4", "osm-node-5",
          "osm-node-6", "osm-node-7", "osm-way-102",
        ]
    )
    #expect(try await search(type: "cafe") == ["osm-node-100"])
  }

  /// A dataset written with Google `types` and no OSM tags (the in-process mock answered `[]`
  /// for every search of it): each place is found by the Overpass type its types name (a
  /// `meal_takeaway` is OSM's `fast_food`); a place with tags of its own keeps them.
  @Test func aPlaceWithTypesAndNoTagsIsFoundByItsType() async throws {
    func typed(_ id: String, north: Double, types: [String], amenity: String? = nil) -> Place {
      var place = Place.dataset(
        id: id,
        name: id,
        latitude: PlacesTestData.center.latitude + north / 111_412,
        longitude: PlacesTestData.center.longitude
      )
      place.types = types
      if let amenity { place.properties = ["amenity": amenity] }
      return place
    }
    let dataset = PlaceDataset(places: [
      typed("osm-node-1", north: 0, types: ["restaurant", "food"]),
      typed("osm-node-2", north: 10, types: ["meal_takeaway", "restaurant", "food"]),
      typed("osm-node-3", north: 20, types: ["cafe", "food"]),
      typed("osm-node-4", north: 30, types: ["bar"]),
      typed("osm-node-5", north: 40, types: ["Restaurant"]),
      typed("osm-node-6", north: 50, types: ["lodging"]),
      typed("osm-node-7", north: 60, types: ["restaurant"], amenity: "pub"),
    ])
    let provider = OverpassProvider(
      transport: InProcessTransport(OverpassHandler(dataset: dataset)),
      configuration: .init(baseURL: URL(string: "http://127.0.0.1:9")!),
      clock: VirtualClock()
    )
    var found: [String: [String]] = [:]
    for type in OverpassProvider.supportedTypes.keys {
      found[type] = try await provider.searchNearby(
        NearbySearch(location: PlacesTestData.center, ranking: .prominence(radius: 500), type: type)
      ).places.map(\.id).sorted()
    }
    #expect(
      found == [
        "restaurant": ["osm-node-1", "osm-node-5"],
        "cafe": ["osm-node-3"], "bar": ["osm-node-4"], "pub": ["osm-node-7"],
        "fast_food": ["osm-node-2"],
      ]
    )
  }

  @Test(arguments: names.indices)
  func aHostileKeywordMatchesItsNameLiterally(index: Int) async throws {
    let name = Self.names[index]
    #expect(try await search(keyword: name) == ["osm-node-\(index + 1)"])
    // Case folds as the server's C library does: ASCII letters at least.
    if name.allSatisfy(\.isASCII) {
      #expect(try await search(keyword: name.uppercased()).contains("osm-node-\(index + 1)"))
    }
  }

  @Test func regexCharactersAreNotOperators() async throws {
    #expect(try await search(keyword: ".*").isEmpty)
    #expect(try await search(keyword: "a.c") == ["osm-node-6"])
    #expect(try await search(keyword: "plain") == ["osm-node-5"])
    #expect(try await search(keyword: #"\"#) == ["osm-node-2"])
    #expect(try await search(keyword: "\"]").isEmpty)
  }

  @Test func answersOverpassJSONWithTheCopyright() async throws {
    let handler = OverpassHandler(dataset: Self.dataset)
    let response = try #require(
      await handler.respond(
        to: MockRequest(
          method: "GET",
          path: "/api/interpreter",
          query: [
            (
              "data",
              "[out:json];\n// a user's query\nway[amenity=restaurant](around:100,60.171,24.941);out center tags;"
            )
          ]
        )
      )
    )
    #expect(response.status == 200)
    let root = try JSONParser.parse(response.body)
    #expect(root["osm3s"]?["copyright"]?.string?.contains("ODbL") == true)
    let elements = try #require(root["elements"]?.array)
    #expect(elements.count == 1)
    #expect(elements.first?["type"]?.string == "way")
    #expect(elements.first?["center"]?["lat"]?.number != nil)
    #expect(elements.first?["tags"]?["name"]?.string == "Station Hall")

    // `out tags` prints no node coordinates; `out body` does.
    for (out, hasCoordinates) in [("out tags;", false), ("out body;", true), ("out;", true)] {
      let answer = try #require(
        await handler.respond(
          to: MockRequest(
            method: "GET",
            path: "/api/interpreter",
            query: [("data", #"node["name"~"^plain$",i](around:100,60.171,24.941);"# + out)]
          )
        )
      )
      let node = try JSONParser.parse(answer.body)["elements"]?.array?.first
      #expect((node?["lat"] != nil) == hasCoordinates, "\(out)")
    }
  }

  @Test(arguments: [
    "nwr[amenity=restaurant](around:100,60.1,24.9)", "[out:xml];node;out;", "nod[a=b];out;",
    #"node["a"~"(",i];out;"#, #"node["a"="b];out;"#, "node(bbox:1,2,3,4);out;",
    // A timeout no Int holds, or not whole (the fuzzer's: the mock crashed on it).
    "[out:json][timeout : 2.7e49];nwr;out;", "[out:json][timeout : 0.5];nwr;out;",
    "[out:json][timeout : -3];nwr;out;",
  ])
  func aQueryItCannotRunGetsOverpasssErrorPage(query: String) async throws {
    let response = try #require(
      await OverpassHandler(dataset: Self.dataset).respond(
        to: MockRequest(method: "GET", path: "/api/interpreter", query: [("data", query)])
      )
    )
    #expect(response.status == 400)
    let provider = OverpassProvider(transport: ScriptedTransport([]))
    #expect(throws: PlacesError.self) {
      try provider.decodePlaces(
        HTTPResponse(status: response.status, headers: response.headers, body: response.body)
      )
    }
    #expect(OverpassProvider.errorLine(inPage: response.body)?.hasPrefix("line 1: ") == true)
  }

  @Test func placesJustInsideTheRadiusByTheGeodesicAreFoundNearTheEquator() async throws {
    // At the equator a degree of latitude is 110.57 km, 111.19 km on Overpass's sphere: a place
    // 499 m north by the geodesic is 501.8 m away by Overpass's measure.
    let centre = try Coordinate(latitude: 0.001, longitude: 10)
    let places = [480.0, 495, 499, 499.9].enumerated().map { index, metres in
      var place = Place.dataset(
        id: "osm-node-\(index + 1)",
        name: "North \(metres)",
        latitude: centre.latitude + metres / 110_574.3,
        longitude: 10
      )
      place.properties = ["amenity": "cafe"]
      return place
    }
    for place in places { #expect(Geodesic.distance(centre, place.coordinate) <= 500) }
    let provider = OverpassProvider(
      transport: InProcessTransport(OverpassHandler(dataset: PlaceDataset(places: places))),
      configuration: .init(baseURL: URL(string: "http://127.0.0.1:9")!),
      clock: VirtualClock()
    )
    let found = try await provider.searchNearby(
      NearbySearch(
        location: centre,
        ranking: .prominence(radius: 500),
        type: "cafe"
      )
    )
    #expect(found.places.map(\.id).sorted() == places.map(\.id).sorted())
  }
}
