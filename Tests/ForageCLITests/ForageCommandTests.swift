import ForageTestSupport
import Foundation
import Testing

/// The `forage` binary's top level: version, help, and the sysexits contract.
@Suite struct ForageCommandTests {
  @Test func printsItsVersion() throws {
    let result = try FinderFixtures.forage(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
  }

  @Test func helpListsEverySubcommand() throws {
    let result = try FinderFixtures.forage(["--help"])
    #expect(result.status == 0)
    for name in ["run", "demo", "validate", "nearby", "replay"] {
      #expect(result.stdout.contains(name), "help should list \(name)")
    }
  }

  @Test func anUnknownFlagIsAUsageError() throws {
    let result = try FinderFixtures.forage(["--no-such-flag"])
    #expect(result.status == 64)
    #expect(!result.stderr.isEmpty)
  }
}
