import ForageFinder
import ForageSyntheticCity
import Testing

/// Places API (New) at and beyond its cap of 20 over the generated cities, against the mock
/// Places server: exact at every fix on the seeds the planner was tuned on (12, 7) and on seeds
/// it never saw (31, 58; CoverageBenchmark's held-out seeds), with searches placed for the fixes
/// to come.
@Suite struct SyntheticCityCapTests {
  @Test(arguments: [UInt64(12), 31, 58])
  func placesNewAtItsCapIsExactAndServesManyFixesARequestOnTheDenseWalk(
    _ seed: UInt64
  )
    async throws
  {
    let city = SyntheticCity(kind: .dense, seed: seed, fixes: 1_200)
    let (fixes, requests) = try await SyntheticCityOracleTests.exactRun(
      city,
      provider: .placesNew,
      query: PlacesQuery(limit: 20)
    )
    #expect(requests * 8 <= fixes, "seed \(seed): \(requests) requests for \(fixes) fixes")
  }

  @Test(arguments: [UInt64(12), 31])
  func placesNewAtItsCapIsExactAndSearchesRarelyForAReceiverStandingStill(
    _ seed: UInt64
  )
    async throws
  {
    let city = SyntheticCity(kind: .dense, seed: seed, fixes: 600, speed: 0)
    let (fixes, requests) = try await SyntheticCityOracleTests.exactRun(
      city,
      provider: .placesNew,
      query: PlacesQuery(limit: 20)
    )
    #expect(requests * 20 <= fixes, "seed \(seed): \(requests) requests for \(fixes) fixes")
  }

  @Test(arguments: [21, 40, 60])
  func placesNewBeyondItsCapIsExactOnTheDenseWalk(_ limit: Int) async throws {
    let city = SyntheticCity(kind: .dense, seed: 31, fixes: 400)
    let (fixes, requests) = try await SyntheticCityOracleTests.exactRun(
      city,
      provider: .placesNew,
      query: PlacesQuery(limit: limit)
    )
    #expect(requests < fixes, "K \(limit): \(requests) requests for \(fixes) fixes")
  }

  @Test(arguments: [UInt64(58)])
  func googleAtItsCapIsExactOnAHeldOutSeed(_ seed: UInt64) async throws {
    let city = SyntheticCity(kind: .dense, seed: seed, fixes: 600)
    let (fixes, requests) = try await SyntheticCityOracleTests.exactRun(
      city,
      provider: .googleLegacy,
      query: PlacesQuery(limit: 60)
    )
    #expect(requests * 2 <= fixes, "\(requests) requests for \(fixes) fixes")
  }
}
