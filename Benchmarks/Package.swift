// swift-tools-version:6.2
import PackageDescription

/// A checkout of ReSwift 6.2 to measure the store against side by side, when the environment
/// names one: `RESWIFT_PATH=/path/to/ReSwift swift run -c release --package-path Benchmarks
/// StoreBenchmark`. ReSwift is not in the offline package set, so it is optional; without it
/// StoreBenchmark measures against its own ReSwift-style reference store.
let reSwiftPath = Context.environment["RESWIFT_PATH"].flatMap { $0.isEmpty ? nil : $0 }
/// The identity SwiftPM gives a package at a path: its folder's name, lowercased.
let reSwiftIdentity = reSwiftPath?.split(separator: "/").last.map { $0.lowercased() } ?? "reswift"
let reSwiftPackages: [Package.Dependency] = reSwiftPath.map { [.package(path: $0)] } ?? []
let reSwiftProducts: [Target.Dependency] =
  reSwiftPath == nil ? [] : [.product(name: "ReSwift", package: reSwiftIdentity)]

/// Benchmarks live in their own package so the default build stays lean.
///
/// Run one with `swift run -c release --package-path Benchmarks NAME`, or all with
/// `make benchmarks` from the project root. Each prints its figures and the baseline it
/// compares against in the same run.
let package = Package(
  name: "forage-benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "forage", path: ".."),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
  ] + reSwiftPackages,
  targets: [
    .executableTarget(
      name: "StoreBenchmark",
      dependencies: [
        .product(name: "ForageStore", package: "forage"),
        .product(name: "_ForageInternal", package: "forage"),
      ] + reSwiftProducts
    ),
    .executableTarget(
      name: "GeoBenchmark",
      dependencies: [
        .product(name: "ForagePlaceModel", package: "forage"),
        .product(name: "_ForageInternal", package: "forage"),
      ]
    ),
    .executableTarget(
      name: "HTTPBenchmark",
      dependencies: [
        .product(name: "_ForageInternal", package: "forage")
      ]
    ),
    .executableTarget(
      name: "TrackBenchmark",
      dependencies: [
        .product(name: "ForageTracks", package: "forage"),
        .product(name: "_ForageInternal", package: "forage"),
      ]
    ),
    .target(
      name: "BenchmarkSupport",
      dependencies: [
        .product(name: "ForageFinder", package: "forage"),
        .product(name: "ForagePlaceModel", package: "forage"),
        .product(name: "ForageProviders", package: "forage"),
        .product(name: "_ForageInternal", package: "forage"),
      ]
    ),
    .executableTarget(
      name: "CoverageBenchmark",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "ForageFinder", package: "forage"),
        .product(name: "_ForageInternal", package: "forage"),
      ]
    ),
    .executableTarget(
      name: "WatchBenchmark",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "ForageFinder", package: "forage"),
        .product(name: "_ForageInternal", package: "forage"),
      ]
    ),
    .executableTarget(
      name: "HoursBenchmark",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "ForageFinder", package: "forage"),
        .product(name: "_ForageInternal", package: "forage"),
        .product(name: "ForagePlaceModel", package: "forage"),
      ]
    ),
    .executableTarget(
      name: "FleetBenchmark",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "ForageFinder", package: "forage"),
        .product(name: "ForagePostgresCache", package: "forage"),
        .product(name: "_ForageInternal", package: "forage"),
      ]
    ),
    .executableTarget(name: "MemoryBenchmark"),
    .executableTarget(
      name: "FinderBenchmark",
      dependencies: [
        .product(name: "ForageWriters", package: "forage"),
        .product(name: "ForagePlaceModel", package: "forage"),
        "BenchmarkSupport",
        .product(name: "ForageFinder", package: "forage"),
        .product(name: "_ForageInternal", package: "forage"),
        .product(name: "ForageTracks", package: "forage"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
  ]
)
