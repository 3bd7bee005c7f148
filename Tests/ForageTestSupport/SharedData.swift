import Foundation

/// Locates the project's files and the shared test corpora beside the checkout.
public enum SharedData {
  /// The package root: the directory that holds `Package.swift`.
  public static let packageRoot: URL = {
    // This file is Tests/ForageTestSupport/SharedData.swift.
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }()

  /// The `../shared/data` folder beside the checkout, or `nil` when it is absent.
  ///
  /// A user's clone has no `../shared`; tests that need it skip when this is `nil`.
  public static var directory: URL? {
    let candidate = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return nil }
    return candidate
  }

  /// The URL of a file under `../shared/data`, or `nil` when the corpus is absent.
  public static func file(_ relativePath: String) -> URL? {
    guard let url = directory?.appendingPathComponent(relativePath),
      FileManager.default.fileExists(atPath: url.path)
    else { return nil }
    return url
  }

  /// A URL under the package's own `Resources/` folder.
  public static func resource(_ relativePath: String) -> URL {
    packageRoot.appendingPathComponent("Resources").appendingPathComponent(relativePath)
  }
}
