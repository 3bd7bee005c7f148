import ArgumentParser

/// `forage store-demo`: a small tour of the ForageStore library.
struct StoreDemoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "store-demo",
    abstract: "Show ForageStore at work: dispatch, middleware, subscriptions and effects."
  )

  func run() async throws {
    try notAvailableYet("store-demo")
  }
}
