import ArgumentParser
import ForageCommandLine
import ForageSyntheticCity
import Foundation

/// The `synthetic-city` executable: writes a generated city (GeoJSON places for `mock-places`)
/// and a 1 Hz walk through it (GPX), the same bytes for the same seed.
@main
struct SyntheticCityCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "synthetic-city",
    abstract: "Write a generated dense or sparse city and a walk through it.",
    discussion: """
      The dense city has about 840 restaurants within 500 m of its centre, the sparse one about \
      10. Serve the places with `mock-places --dataset FILE` and replay the walk with \
      `forage run`.
      """
  )

  @Argument(help: "dense or sparse.")
  var kind: SyntheticCity.Kind

  @Option(
    parsing: .unconditional,
    help: "The generator's seed. (default: \(Self.defaultSeed))",
    transform: { try NumericOption.wholeNumber($0, from: 0, to: UInt64.max) }
  )
  var seed: UInt64 = Self.defaultSeed

  /// The seed unless `--seed` says.
  static let defaultSeed: UInt64 = 12

  @Option(help: "How many 1 Hz fixes the walk has.")
  var fixes = 2_400

  @Option(
    help: "Metres per second along the streets: 1.4 walks, 4 runs, 14 drives, 0 stands still."
  )
  var speed = SyntheticCity.walkingSpeed

  @Option(help: ArgumentHelp("Where to write the places (GeoJSON).", valueName: "file"))
  var places: String

  @Option(help: ArgumentHelp("Where to write the walk (GPX).", valueName: "file"))
  var track: String

  func validate() throws {
    guard (1...1_000_000).contains(fixes) else {
      throw ValidationError("--fixes must be between 1 and 1000000")
    }
    guard (0...100).contains(speed) else {
      throw ValidationError("--speed must be from 0 to 100 metres per second, not \(speed)")
    }
  }

  func run() throws {
    let city = SyntheticCity(kind: kind, seed: seed, fixes: fixes, speed: speed)
    for (path, text) in [(places, city.geoJSON()), (track, city.gpx())] {
      do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
      } catch {
        FileHandle.standardError.write(
          Data("synthetic-city: \(path): cannot write the file\n".utf8)
        )
        throw ExitCode(74)
      }
    }
  }
}

extension SyntheticCity.Kind: ExpressibleByArgument {}
