import ArgumentParser

/// `forage demo`: Replay the bundled Helsinki walk against the in-process mock Places server.
struct DemoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Replay the bundled Helsinki walk against the in-process mock Places server."
  )

  func run() async throws {
    try notAvailableYet("demo")
  }
}
