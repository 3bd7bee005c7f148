import ForageGeodesy
import ForagePlaceDataset
import ForagePlaceModel
import ForageSupport
import Testing

@testable import MockPlaces

@Suite struct StableRankingTests {
  @Test func fnv1aMatchesTheReferenceVectors() {
    #expect(FNV1a.hash("") == 0xcbf2_9ce4_8422_2325)
    #expect(FNV1a.hash("a") == 0xaf63_dc4c_8601_ec8c)
    #expect(FNV1a.hash("foobar") == 0x8594_4171_f739_67e8)
  }

  @Test func aPlaceWithoutRatingGetsAStableOneFromItsId() {
    let place = Place.dataset(id: "osm-node-1", name: "A", latitude: 0, longitude: 0)
    let again = Place.dataset(id: "osm-node-1", name: "B", latitude: 1, longitude: 1)
    #expect(place.prominenceRating == again.prominenceRating)
    #expect((1.0...5.0).contains(place.prominenceRating))
    #expect(place.prominenceRating == (place.prominenceRating * 10).rounded() / 10)
    #expect((0..<2000).contains(place.prominenceRatingsTotal))
    let others = (0..<50).map {
      Place.dataset(id: "osm-node-\($0)", name: "", latitude: 0, longitude: 0).prominenceRating
    }
    #expect(Set(others).count > 10)
  }

  @Test func aDatasetRatingWins() {
    let place = Place.dataset(
      id: "x",
      name: "X",
      latitude: 0,
      longitude: 0,
      rating: 4.0,
      userRatingsTotal: 1269
    )
    #expect(place.prominenceRating == 4.0)
    #expect(place.prominenceRatingsTotal == 1269)
    #expect(abs(place.prominence - 4.0 * 7.146772) < 1e-5)
  }

  @Test func geodesicDistanceIsKarneys() {
    // One degree of longitude on the equator is a·π/180 on WGS84.
    #expect(
      abs(
        Geodesic.distance(latitude1: 0, longitude1: 0, latitude2: 0, longitude2: 1)
          - 111_319.490_793_273_57
      ) < 1e-6
    )
    // GeographicLib's documented example, JFK to Singapore Changi (Vincenty agrees to 0.1 mm).
    #expect(
      abs(
        Geodesic.distance(latitude1: 40.64, longitude1: -73.78, latitude2: 1.36, longitude2: 103.99)
          - 15_347_512.941
      ) < 0.01
    )
  }
}

@Suite struct BoundingBoxTests {
  @Test func neverDiscardsAPointInsideTheRadius() {
    var generator = SplitMix64(seed: 42)
    for _ in 0..<20_000 {
      let latitude = Double.random(in: -79...79, using: &generator)
      let longitude = Double.random(in: -179...179, using: &generator)
      let radius = Double.random(in: 1...50_000, using: &generator)
      let box = BoundingBox(latitude: latitude, longitude: longitude, radius: radius)
      let otherLatitude = latitude + Double.random(in: -0.6...0.6, using: &generator)
      let otherLongitude = longitude + Double.random(in: -1.5...1.5, using: &generator)
      guard (-90...90).contains(otherLatitude), (-180...180).contains(otherLongitude) else {
        continue
      }
      let distance = Geodesic.distance(
        latitude1: latitude,
        longitude1: longitude,
        latitude2: otherLatitude,
        longitude2: otherLongitude
      )
      if distance <= radius {
        #expect(box.mayContain(otherLatitude, otherLongitude))
      }
    }
  }

  @Test func discardsFarPoints() {
    let box = BoundingBox(latitude: 60.17, longitude: 24.94, radius: 1000)
    #expect(!box.mayContain(60.2, 24.94))
    #expect(!box.mayContain(60.17, 25.0))
    #expect(box.mayContain(60.175, 24.95))
  }
}
