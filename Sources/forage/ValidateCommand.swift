import ArgumentParser

/// `forage validate`: Check a track file and report its defects before replaying it.
struct ValidateCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract: "Check a track file and report its defects before replaying it."
  )

  func run() async throws {
    try notAvailableYet("validate")
  }
}
