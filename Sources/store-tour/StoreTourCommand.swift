import ArgumentParser

/// `store-tour`: prints a short, deterministic tour of ForageStore at work.
///
/// An example of the library on its own, outside the finder: `swift run store-tour`.
@main
struct StoreTourCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "store-tour",
    abstract: "Show ForageStore at work: dispatch, middleware, subscriptions and effects."
  )

  func run() async throws {
    await StoreTour.run()
  }
}
