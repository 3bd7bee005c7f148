import ArgumentParser

/// `forage nearby`: List the places in a GeoJSON dataset near a point or along a track.
struct NearbyCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "nearby",
    abstract: "List the places in a GeoJSON dataset near a point or along a track."
  )

  func run() async throws {
    try notAvailableYet("nearby")
  }
}
