import ForageSupport
import ForageTracks
import Foundation
import Testing

@testable import ForageLocation

/// The simulated provider: time order, the virtual clock, scenarios, noise and dropouts.
@Suite struct SimulatedGPSTests {
  static let t0 = Date(timeIntervalSince1970: 1_781_263_800)

  static let walk: [Fix] = (0..<10).map {
    Fix(
      time: t0.addingTimeInterval(Double($0) * 2),
      latitude: 60.17 + Double($0) * 1e-5,
      longitude: 24.94
    )
  }

  static func outputs(
    _ fixes: [Fix] = walk,
    scenario: PermissionScenario = .granted,
    perturbation: SimulatedGPS.Perturbation = .none,
    clock: VirtualClock = VirtualClock()
  ) async throws -> [SimulatedGPS.Output] {
    var outputs: [SimulatedGPS.Output] = []
    try await SimulatedGPS(clock: clock, perturbation: perturbation).replay(
      fixes,
      scenario: scenario
    ) {
      outputs.append($0)
    }
    return outputs
  }

  @Test func reportsTheInitialAuthorizationFirstThenEveryFixAtItsTime() async throws {
    let clock = VirtualClock()
    let outputs = try await Self.outputs(clock: clock)
    #expect(outputs.first == .authorization(.authorizedWhenInUse, .full, at: Self.t0))
    #expect(outputs.count == 11)
    #expect(outputs[10] == .fix(index: 9, fix: Self.walk[9], at: Self.t0.addingTimeInterval(18)))
    #expect(clock.now.offset == .seconds(18), "the virtual clock moved to the last fix's time")
  }

  @Test func scheduledChangesComeBeforeTheirFix() async throws {
    let scenario = try PermissionScenario(parsing: "granted,revoke@fix:3,grant@10s")
    let outputs = try await Self.outputs(scenario: scenario)
    let names = outputs.map { output -> String in
      switch output {
      case .authorization(let status, _, _): status.rawValue
      case .fix(let index, _, _): "fix\(index)"
      case .locationUnknown(let index, _): "unknown\(index)"
      }
    }
    #expect(
      names == [
        "authorized_when_in_use", "fix0", "fix1", "fix2", "denied", "fix3", "fix4",
        "authorized_when_in_use", "fix5", "fix6", "fix7", "fix8", "fix9",
      ]
    )
  }

  @Test func noiseAndDropoutsAreTheSameForTheSameSeed() async throws {
    let perturbation = SimulatedGPS.Perturbation(noise: 5, dropoutProbability: 0.3, seed: 42)
    let first = try await Self.outputs(perturbation: perturbation)
    let second = try await Self.outputs(perturbation: perturbation)
    #expect(first == second)
    let dropouts = first.filter { if case .locationUnknown = $0 { true } else { false } }
    #expect(!dropouts.isEmpty && dropouts.count < 10)
    let other = try await Self.outputs(
      perturbation: .init(noise: 5, dropoutProbability: 0.3, seed: 43)
    )
    #expect(first != other)
  }

  @Test(arguments: [1e3, 1e6, 1e9])
  func noiseOfAnySizeStaysOnTheGlobe(_ noise: Double) async throws {
    let fixes = (0..<200).map {
      Fix(latitude: 89.9 - 0.9 * Double($0), longitude: 179.99 - Double($0))
    }
    let outputs = try await Self.outputs(
      fixes,
      perturbation: .init(noise: noise, dropoutProbability: 0, seed: 7)
    )
    var checked = 0
    for case .fix(_, let fix, _) in outputs {
      #expect((-90...90).contains(fix.latitude) && (-180...180).contains(fix.longitude), "\(fix)")
      checked += 1
    }
    #expect(checked == 200)
  }

  @Test func untimedFixesAreOneSecondApart() async throws {
    let fixes = [Fix(latitude: 1, longitude: 2), Fix(latitude: 1.00001, longitude: 2)]
    let clock = VirtualClock()
    _ = try await Self.outputs(fixes, clock: clock)
    #expect(clock.now.offset == .seconds(1))
  }

  @Test func aScaledClockSleepsUntilItsDeadline() async throws {
    let clock = ScaledClock(speed: 1_000)
    let deadline = clock.now.advanced(by: .seconds(2))
    try await clock.sleep(until: deadline)
    #expect(clock.now >= deadline)
  }
}
