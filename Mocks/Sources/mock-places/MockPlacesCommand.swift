import ArgumentParser
import Foundation

/// The `mock-places` executable: a local stand-in for a Places-style HTTP API.
@main
struct MockPlacesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mock-places",
    abstract: "Serve a GeoJSON places dataset with Google's Nearby Search wire format.",
    version: "0.1.0"
  )

  func run() async throws {
    FileHandle.standardError.write(Data("mock-places: not available yet\n".utf8))
    throw ExitCode(69)
  }
}
