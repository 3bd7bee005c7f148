import ArgumentParser

/// The `forage` command line: a location-aware restaurant finder that replays movement tracks.
@main
struct Forage: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "forage",
    abstract: "Find restaurants near every point of a movement track.",
    discussion: """
      Exit codes follow sysexits: 0 done, 64 usage, 65 bad data, 69 service unavailable, 74 I/O.
      """,
    version: ForageVersion.current,
    subcommands: [
      RunCommand.self, DemoCommand.self, ValidateCommand.self, NearbyCommand.self,
      ReplayCommand.self,
    ]
  )
}
