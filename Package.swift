// swift-tools-version:6.2
import PackageDescription

/// Every first-party Swift target builds in Swift 6 mode with warnings treated as errors.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
  name: "forage",
  platforms: [.macOS(.v15)],
  products: [
    // What a user imports (docs/swift.md): the store and its test store, the finder, the place
    // model its answers are made of, the providers, the track readers and the writers.
    .library(name: "ForageStore", targets: ["ForageStore"]),
    .library(name: "ForageStoreTesting", targets: ["ForageStoreTesting"]),
    .library(name: "ForageFinder", targets: ["ForageFinder"]),
    .library(name: "ForagePlaceModel", targets: ["ForagePlaceModel"]),
    .library(name: "ForageProviders", targets: ["ForageProviders"]),
    .library(name: "ForageTracks", targets: ["ForageTracks"]),
    .library(name: "ForageWriters", targets: ["ForageWriters"]),
    .library(name: "ForagePostgresCache", targets: ["ForagePostgresCache"]),
    // Not for users (the underscore says so): the modules this project's own Benchmarks and
    // Tests/Fuzz packages use beyond those, which a package can only reach through a product.
    .library(
      name: "_ForageInternal",
      targets: [
        "ForageSupport", "ForageGeodesy", "ForageSpatialIndex", "ForageCoverage",
        "ForagePlaceDataset", "ForageHours", "ForageHTTP", "ForageLocation", "ForageRecording",
        "ForagePlacesCache", "ForageLogging", "ForageWatch", "MockPlaces", "ForageSyntheticCity",
        "ForageTestSupport",
      ]
    ),
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
    .target(name: "ForageCommandLine", dependencies: ["ForageSupport"], swiftSettings: strict),
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
      name: "ForagePlaceModel",
      dependencies: ["ForageGeodesy", "ForageSpatialIndex"],
      swiftSettings: strict
    ),
    .target(
      name: "ForageHours",
      dependencies: ["ForagePlaceModel", "ForageSupport"],
      swiftSettings: strict
    ),
    .target(
      name: "ForagePlaceDataset",
      dependencies: ["ForageGeodesy", "ForagePlaceModel", "ForageSupport"],
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
      dependencies: ["ForageStore", "ForageTracks", "ForageSupport"],
      swiftSettings: strict
    ),
    .target(
      name: "ForageGPSD",
      dependencies: [
        "ForageLocation", "ForageTracks", "ForageSupport",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ],
      swiftSettings: strict
    ),
    .target(
      name: "ForageProviders",
      dependencies: ["ForageGeodesy", "ForageHTTP", "ForagePlaceModel", "ForageSupport"],
      swiftSettings: strict
    ),
    .target(
      name: "ForageFinder",
      dependencies: [
        "ForageStore", "ForageGeodesy", "ForageSpatialIndex", "ForageCoverage",
        "ForageHTTP", "ForageTracks", "ForageLocation", "ForagePlaceModel", "ForageProviders",
        "ForageHours", "ForageSupport",
      ],
      swiftSettings: strict
    ),
    .target(
      name: "ForagePlacesCache",
      dependencies: [
        "ForageFinder", "ForageGeodesy", "ForagePlaceModel", "ForageProviders", "ForageSupport",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      swiftSettings: strict
    ),
    .target(
      name: "ForageNotifications",
      dependencies: ["ForageFinder", "ForageHTTP", "ForagePlaceModel", "ForageSupport"],
      swiftSettings: strict
    ),
    .target(
      name: "ForageLogging",
      dependencies: [
        "ForageFinder", "ForageHTTP", "ForageLocation", "ForageSupport",
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strict
    ),
    .target(
      name: "ForageWriters",
      dependencies: ["ForageFinder", "ForagePlaceModel", "ForageSupport"],
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
        "ForageGeodesy", "ForagePlaceModel", "ForagePlaceDataset", "ForageSpatialIndex",
        "ForageTracks", "ForageSupport", "ForageHours",
      ],
      swiftSettings: strict
    ),
    .target(
      name: "ForageWatch",
      dependencies: [
        "ForageFinder", "ForageStore", "ForageGeodesy", "ForagePlaceModel", "ForageSupport",
        "ForageTracks",
      ],
      swiftSettings: strict
    ),
    .target(
      name: "ForagePostgresCache",
      dependencies: [
        "ForageFinder", "ForageGeodesy", "ForageHTTP", "ForagePlaceModel", "ForageProviders",
        "ForageSupport", .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
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
        "ForagePlacesCache", "ForagePostgresCache", "ForageNotifications", "ForageLogging",
        "ForageCommandLine", "ForageFinder", "ForageGeodesy", "ForagePlaceDataset", "ForageTracks",
        "ForageLocation",
        "ForageGPSD",
        "ForageProviders", "ForageSupport", "ForageHTTP", "ForageHours",
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
      dependencies: ["ForagePlaceDataset"],
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
        "ForageGeodesy", "ForagePlaceModel", "ForagePlaceDataset", "ForageHTTP", "ForageSupport",
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
        "ForageCommandLine",
        "ForagePlaceDataset",
        "ForageSupport",
        "MockPlaces",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ],
      path: "Mocks/Sources/mock-places",
      swiftSettings: strict
    ),
    // The generated city and walk of the coverage benchmark and the finder's oracle tests
    // (`synthetic-city` writes them), apart from the mock server.
    .target(
      name: "ForageSyntheticCity",
      dependencies: ["ForagePlaceDataset", "ForagePlaceModel", "ForageSupport"],
      path: "Mocks/Sources/ForageSyntheticCity",
      swiftSettings: strict
    ),
    .executableTarget(
      name: "synthetic-city",
      dependencies: [
        "ForageCommandLine",
        "ForageSyntheticCity",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Mocks/Sources/synthetic-city",
      swiftSettings: strict
    ),

    // MARK: Test support
    .target(
      name: "ForageTestSupport",
      dependencies: [
        "MockPlaces", "ForagePlaceModel", "ForageGeodesy", "ForageFinder", "ForageProviders",
      ],
      path: "Tests/ForageTestSupport",
      swiftSettings: strict
    ),

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
      dependencies: ["CGeodesic", "ForageGeodesy", "ForageSupport"],
      resources: [.copy("Fixtures")],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForageSpatialIndexTests",
      dependencies: [
        "ForageGeodesy", "ForageSpatialIndex", "ForagePlaceDataset", "ForageSupport",
        "ForageTestSupport",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForageCoverageTests",
      dependencies: [
        "CGEOS", "ForageGeodesy", "ForageCoverage", "ForageSupport",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForageHoursTests",
      dependencies: ["ForageHours", "ForagePlaceModel", "ForageGeodesy"],
      exclude: ["helsinki-opening-hours.json", "oracle.py"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForagePlaceDatasetTests",
      dependencies: [
        "ForagePlaceModel",
        "ForagePlaceDataset", "ForageTestSupport",
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
        "ForageSupport",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForageGPSDTests",
      dependencies: [
        "ForageGPSD", "ForageLocation", "ForageTracks", "ForageSupport", "ForageHTTP",
        "ForageTestSupport",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForageProvidersTests",
      dependencies: [
        "ForagePlaceModel",
        "ForageProviders", "ForageGeodesy", "ForagePlaceDataset", "ForageHTTP", "ForageSupport",
        "MockPlaces",
        "ForageTestSupport",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "MockPlacesTests",
      dependencies: [
        "MockPlaces", "ForageGeodesy", "ForagePlaceModel", "ForagePlaceDataset", "ForageHTTP",
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
        "ForageSyntheticCity",
        "ForagePlaceModel",
        "ForageFinder", "ForageTracks", "ForageStore", "ForageGeodesy",
        "ForagePlaceDataset", "ForageHTTP", "ForageLocation", "ForageHours",
        "ForageProviders", "ForageSupport", "MockPlaces",
        "ForageStoreTesting", "ForageTestSupport",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForageNotificationsTests",
      dependencies: [
        "ForageNotifications", "ForageFinder", "ForageHTTP", "ForageSupport", "MockPlaces",
        "ForageTestSupport",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForageLoggingTests",
      dependencies: [
        "ForageLogging", "ForageFinder", "ForageHTTP", "ForageLocation", "ForageTestSupport",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "InMemoryLogging", package: "swift-log"),
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForageResourcesTests",
      dependencies: ["ForageResources", "ForagePlaceDataset", "ForageTestSupport"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForageWritersTests",
      dependencies: [
        "ForageWriters", "ForageFinder", "ForagePlaceModel", "ForageCoverage", "ForageGeodesy",
        "ForageTracks", "ForageSupport", "ForageTestSupport",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForageRecordingTests",
      dependencies: [
        "ForageRecording", "ForageFinder", "ForageWriters", "ForageLocation", "ForagePlaceModel",
        "ForageCoverage", "ForageGeodesy", "ForageTracks", "ForageSupport", "ForageTestSupport",
      ],
      resources: [.copy("Fixtures")],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForagePlacesCacheTests",
      dependencies: [
        "ForagePlacesCache", "ForageFinder", "ForagePlaceModel", "ForageProviders", "ForageGeodesy",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForageWatchTests",
      dependencies: [
        "ForageWatch", "ForageFinder", "ForageGeodesy", "ForagePlaceModel",
      ],
      swiftSettings: strict
    ),
    .testTarget(
      name: "ForagePostgresCacheTests",
      dependencies: [
        "ForagePostgresCache", "ForageFinder", "ForageGeodesy", "ForagePlaceModel", "ForageHTTP",
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
        "ForagePlaceModel", "ForageProviders",
        "forage", "mock-places", "ForageGeodesy", "ForagePlaceDataset", "ForageSupport",
        "ForageTracks", "MockPlaces",
        "ForageTestSupport",
      ],
      swiftSettings: strict
    ),
  ]
)
