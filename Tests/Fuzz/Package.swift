// swift-tools-version:6.2
import PackageDescription

/// libFuzzer targets for every reader of user files or network bytes, in their own package
/// (like Benchmarks/) so the default build stays lean: one `forage-fuzz` executable, built with
/// `-sanitize=fuzzer,address`, whose reader is chosen by `FORAGE_FUZZ_TARGET`. Its `main` hands
/// over to libFuzzer's driver (SwiftPM gives every executable a `main` of its own).
///
/// Run them with `make fuzz` (seeded from Tests/Data and Tests/Fuzz/Corpus), or one with
/// `Tests/Fuzz/run TARGET SECONDS`. CI runs each briefly (`make fuzz-smoke`).
let package = Package(
  name: "forage-fuzz",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "forage", path: "../.."),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
  ],
  targets: [
    .target(name: "CFuzzerDriver"),
    .executableTarget(
      name: "forage-fuzz",
      dependencies: [
        .product(name: "_ForageInternal", package: "forage"),
        "CFuzzerDriver",
        .product(name: "ForageTracks", package: "forage"),
        .product(name: "ForagePlaceModel", package: "forage"),
        .product(name: "ForageFinder", package: "forage"),
        .product(name: "ForageProviders", package: "forage"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
      ]
    ),
  ]
)
