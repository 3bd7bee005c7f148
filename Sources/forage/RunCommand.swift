import ArgumentParser

/// `forage run`: Replay a track and print the places near every fix.
struct RunCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Replay a track and print the places near every fix."
  )

  func run() async throws {
    try notAvailableYet("run")
  }
}
