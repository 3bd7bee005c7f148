import ArgumentParser

/// `forage replay`: Re-reduce a recorded run without network and print its events.
struct ReplayCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Re-reduce a recorded run without network and print its events."
  )

  func run() async throws {
    try notAvailableYet("replay")
  }
}
