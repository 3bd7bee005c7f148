// swift-tools-version:6.2
import PackageDescription

/// Every first-party Swift target builds in Swift 6 mode with warnings treated as errors.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
  name: "forage",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ForageSupport", targets: ["ForageSupport"]),
    .library(name: "ForageStore", targets: ["ForageStore"]),
    .library(name: "ForageStoreTesting", targets: ["ForageStoreTesting"]),
    .library(name: "ForageGeodesy", targets: ["ForageGeodesy"]),
    .library(name: "ForageSpatialIndex", targets: ["ForageSpatialIndex"]),
    .library(name: "ForageCoverage", targets: ["ForageCoverage"]),
    .library(name: "ForagePlace", targets: ["ForagePlace"]),
    .library(name: "ForagePlacesData", targets: ["ForagePlacesData"]),
    .library(name: "ForageHours", targets: ["ForageHours"]),
    .library(name: "ForageHTTP", targets: ["ForageHTTP"]),
    .library(name: "ForagePlaces", targets: ["ForagePlaces"]),
    .library(name: "ForageTracks", targets: ["ForageTracks"]),
    .library(name: "ForageLocation", targets: ["ForageLocation"]),
    .library(name: "ForageFinder", targets: ["ForageFinder"]),
    .library(name: "ForageWriters", targets: ["ForageWriters"]),
    .library(name: "ForageRecording", targets: ["ForageRecording"]),
    .library(name: "ForageNearby", targets: ["ForageNearby"]),
    .library(name: "ForageWatch", targets: ["ForageWatch"]),
    .library(name: "ForagePostgresCache", targets: ["ForagePostgresCache"]),
    .library(name: "MockPlaces", targets: ["MockPlaces"]),
    .executable(name: "forage", targets: ["forage"]),
    .executable(name: "mock-places", targets: ["mock-places"]),
    .executable(name: "synthetic-city", targets: ["synthetic-city"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
  ],
  targets: [
    // MARK: Native libraries
    .systemLibrary(
      name: "CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    .target(name: "CCurlShim", dependencies: ["CCurl"]),
    .systemLibrary(
      name: "CGEOS",
      pkgConfig: "geos",
      providers: [.apt(["libgeos-dev"])]
    ),
    .systemLibrary(
      name: "CGeodesic",
      pkgConfig: "proj",
      providers: [.apt(["libproj-dev"])]
    ),

    // MARK: Libraries
    .target(name: "ForageSupport", swiftSettings: strict),
    .target(name: "ForageStore", swiftSettings: strict),
    .target(name: "ForageStoreTesting", dependencies: ["ForageStore"], swiftSettings: strict),
    .target(
      name: "ForageGeodesy",
      dependencies: ["CGeodesic"],
      swiftSettings: strict
    ),
    .target(
      name: "ForageSpatialIndex",
      dependencies: ["ForageGeodesy"],
      swiftSettings: strict
    ),
    .target(
      name: "ForageCoverage",
      dependencies: ["CGEOS", "ForageGeodesy"],
      swiftSettings: strict
    ),
    .target(
      name: "ForagePlace",
      dependencies: ["ForageGeodesy", "ForageSpatialIndex"],
      swiftSettings: strict
    ),
    .target(
      name: "ForageHours",
      dependencies: ["ForagePlace", "ForageSupport"],
      swiftSettings: strict
    ),
    .target(
      name: "ForagePlacesData",
      dependencies: ["ForageGeodesy", "ForagePlace", "ForageSupport"],
      swiftSettings: strict
    ),
    .target(
      name: "ForageHTTP",
      dependencies: ["CCurl", "CCurlShim", "ForageSupport"],
      swiftSettings: strict
    ),
    .target(
      name: "ForageTracks",
      dependencies: ["ForageGeodesy", "ForageSupport"],
      swiftSettings: strict
    ),
    .target(
      name: "ForageLocation",
      dependencies: [
        "ForageStore", "ForageTracks", "ForageSupport",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ],
      swiftSettings: strict
    ),
    .target(
      name: "ForagePlaces",
      dependencies: ["ForageGeodesy", "ForageHTTP", "ForagePlace", "ForageSupport"],
      swiftSettings: strict
    ),
    .target(
      name: "ForageFinder",
      dependencies: [
        "ForageStore", "ForageGeodesy", "ForageSpatialIndex", "ForageCoverage",
        "ForageHTTP", "ForageTracks", "ForageLocation", "ForagePlace", "ForagePlaces",
        "ForageHours", "ForageSupport",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      swiftSettings: strict
    ),
    .target(
      name: "ForageWriters",
      dependencies: ["ForageFinder", "ForagePlace", "ForageSupport"],
      swiftSettings: strict
    ),
    .target(
      name: "ForageRecording",
      dependencies: ["ForageFinder", "ForageStore", "ForageLocation", "ForageSupport"],
      swiftSettings: strict
    ),
    .target(
      name: "ForageNearby",
      dependencies: [
        "ForageFinder", "ForageWriters", "ForageGeodesy", "ForagePlace", "ForagePlaces",
        "ForagePlacesData", "ForageSpatialIndex", "ForageTracks", "ForageSupport", "ForageHours",
      ],
      swiftSettings: strict
    ),
    .target(
      name: "ForageWatch",
      dependencies: [
        "ForageFinder", "ForageStore", "ForageGeodesy", "ForagePlace", "ForageSupport",
        "ForageTracks",
      ],
      swiftSettings: strict
    ),
    .target(
      name: "ForagePostgresCache",
      dependencies: [
        "ForageFinder", "ForageGeodesy", "ForageHTTP", "ForagePlace", "ForageSupport",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "forage",
      dependencies: [
        "ForageWriters",
        "ForageWatch",
        "ForageRecording",
        "ForageNearby",
        "ForageFinder", "ForageGeodesy", "ForagePlacesData", "ForageTracks", "ForageLocation",
        "ForagePlaces", "ForageSupport", "ForageHTTP", "ForageHours",
        "MockPlaces",
        "ForageResources",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strict
    ),

    // MARK: Examples
    .executableTarget(
      name: "store-tour",
      dependencies: [
        "ForageStore", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict
    ),

    // The demo's data is built into the binary (no resource bundle that an installed or copied
    // forage would have to find): the plugin turns the files into string constants.
    .target(
      name: "ForageResources",
      dependencies: ["ForagePlacesData"],
      path: "Resources",
      exclude: ["README.md", "tools", "screenshots", "demo", "schema"],
      swiftSettings: strict,
      plugins: ["EmbedResources"]
    ),
    .executableTarget(name: "embed-resources", swiftSettings: strict),
    .plugin(
      name: "EmbedResources",
      capability: .buildTool(),
      dependencies: ["embed-resources"]
    ),

    // MARK: Mock Places server (top-level Mocks/ per the product card)
    .target(
      name: "MockPlaces",
      dependencies: [
        "ForageGeodesy", "ForageCoverage", "ForagePlace", "ForagePlacesData", "ForageHTTP",
        "ForageSupport",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ],
      path: "Mocks/Sources/MockPlaces",
      swiftSettings: strict
    ),
    .executableTarget(
      name: "mock-places",
      dependencies: [
        "ForagePlacesData",
        "ForageSupport",
        "MockPlaces",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ],
      path: "Mocks/Sources/mock-places",
      swiftSettings: strict
    ),
    .executableTarget(
      name: "synthetic-city",
      dependencies: [
        "MockPlaces", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Mocks/Sources/synthetic-city",
      swiftSettings: strict
    ),

    // MARK: Test support
    .target(name: "ForageTestSupport", path: "Tests/ForageTestSupport", swiftSettings: strict),

    // MARK: Tests
    .testTarget(name: "ForageSupportTests", dependencies: ["ForageSupport"], swiftSettings: strict),
    .testTarget(
      name: "ForageStoreTests",
      dependencies: ["ForageStore", "ForageStoreTesting"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "StoreTourTests",
      dependencies: ["store-tour", "ForageTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForageGeodesyTests",
      dependencies: [
        "ForageGeodesy", "ForageSupport",
      ],
      resources: [.copy("Fixtures")],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForageSpatialIndexTests",
      dependencies: [
        "ForageGeodesy", "ForageSpatialIndex", "ForagePlacesData", "ForageSupport",
        "ForageTestSupport",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForageCoverageTests",
      dependencies: [
        "CGEOS", "CGeodesic", "ForageGeodesy", "ForageCoverage",
        "ForageSupport",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForageHoursTests",
      dependencies: ["ForageHours", "ForagePlace", "ForageGeodesy"],
      exclude: ["helsinki-opening-hours.json", "oracle.py"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForagePlacesDataTests",
      dependencies: [
        "ForagePlace",
        "ForagePlacesData", "ForageTestSupport",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForageHTTPTests",
      dependencies: [
        "CCurl", "CCurlShim", "ForageHTTP", "ForageSupport", "MockPlaces", "ForageTestSupport",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForageTracksTests",
      dependencies: ["ForageTracks", "ForageGeodesy", "ForageSupport", "ForageTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForageLocationTests",
      dependencies: [
        "ForageLocation", "ForageTracks", "ForageGeodesy", "ForageStore", "ForageStoreTesting",
        "ForageSupport", "ForageHTTP", "ForageTestSupport",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForagePlacesTests",
      dependencies: [
        "ForagePlace",
        "ForagePlaces", "ForageGeodesy", "ForagePlacesData", "ForageHTTP", "ForageSupport",
        "MockPlaces",
        "ForageTestSupport",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "MockPlacesTests",
      dependencies: [
        "MockPlaces", "ForageGeodesy", "ForagePlace", "ForagePlacesData", "ForageHTTP",
        "ForageSupport",
        "ForageTestSupport",
      ],
      path: "Mocks/Tests/MockPlacesTests",
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForageFinderTests",
      dependencies: [
        "ForageWriters",
        "ForageRecording",
        "ForagePlace",
        "ForageFinder", "ForageTracks", "ForageStore", "ForageGeodesy", "ForageCoverage",
        "ForagePlacesData", "ForageHTTP", "ForageLocation", "ForageHours",
        "ForagePlaces", "ForageResources", "ForageSupport", "MockPlaces",
        "ForageStoreTesting", "ForageTestSupport",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "InMemoryLogging", package: "swift-log"),
      ],
      resources: [.copy("Fixtures")],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForageWatchTests",
      dependencies: [
        "ForageWatch", "ForageFinder", "ForageGeodesy", "ForagePlace",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForagePostgresCacheTests",
      dependencies: [
        "ForagePostgresCache", "ForageFinder", "ForageGeodesy", "ForagePlace", "ForageHTTP",
        "ForageSupport", "ForageTestSupport",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "InMemoryLogging", package: "swift-log"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForageCLITests",
      dependencies: [
        "ForagePlace", "ForagePlaces",
        "forage", "mock-places", "ForageGeodesy", "ForagePlacesData", "ForageSupport",
        "ForageTracks", "MockPlaces",
        "ForageTestSupport",
      ],
      swiftSettings: strict
    ),
  ]
)
