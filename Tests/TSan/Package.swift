// swift-tools-version:6.2
import PackageDescription

/// The store under ThreadSanitizer, in a package of its own (like Tests/Fuzz): `make tsan`
/// builds only what the store's tests and its tour need with `-sanitize=thread`, not every
/// module and dependency of the project (PostgresNIO and BoringSSL alone took six minutes).
///
/// The targets are the project's own files, through links: `Tests/ForageStoreTests` and
/// `Sources/store-tour`.
let package = Package(
  name: "forage-tsan",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "forage", path: "../.."),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  ],
  targets: [
    .executableTarget(
      name: "store-tour",
      dependencies: [
        .product(name: "ForageStore", package: "forage"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
    .testTarget(
      name: "ForageStoreTests",
      dependencies: [
        .product(name: "ForageStore", package: "forage"),
        .product(name: "ForageStoreTesting", package: "forage"),
      ],
      swiftSettings: [.treatAllWarnings(as: .error)]
    ),
  ]
)
