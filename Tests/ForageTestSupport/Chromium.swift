import Foundation

/// Headless Chromium (Debian's `chromium`), for tests that look at a page the way a browser
/// draws it.
public enum Chromium {
  /// Where Debian installs it.
  public static let executable = URL(fileURLWithPath: "/usr/bin/chromium")

  /// Whether it is installed (`make test` installs it).
  public static var isAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: executable.path)
  }

  /// The flags that make a headless run quick and quiet: no first-run work, no extensions, no
  /// background networking, no sandbox (tests may run as root), no GPU.
  static let quickFlags = [
    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
    "--disable-extensions", "--disable-background-networking", "--disable-sync",
    "--disable-component-update", "--disable-dev-shm-usage", "--hide-scrollbars",
    "--mute-audio", "--noerrdialogs",
  ]

  /// Draws a local page into a PNG file.
  ///
  /// Chromium gets a profile directory of its own under `directory`, its output goes to a log
  /// file there, and it is killed with SIGKILL (children inherit a test thread's blocked
  /// signals) if it has not finished within `timeout`.
  ///
  /// - Parameters:
  ///   - page: A `file://` URL.
  ///   - png: Where the screenshot goes.
  ///   - width: The window's width in pixels.
  ///   - height: The window's height in pixels.
  ///   - directory: A scratch directory for the profile and the log.
  ///   - timeout: The longest the browser may take.
  /// - Throws: When it cannot start, or writes no screenshot.
  public static func screenshot(
    of page: URL,
    to png: URL,
    width: Int,
    height: Int,
    in directory: URL,
    timeout: Duration = .seconds(120)
  ) throws {
    let profile = directory.appendingPathComponent("chromium-profile", isDirectory: true)
    let log = directory.appendingPathComponent("chromium.log")
    try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
    guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
      throw ChromiumError("cannot create \(log.path)")
    }
    let logHandle = try FileHandle(forWritingTo: log)
    defer { try? logHandle.close() }
    let process = Process()
    process.executableURL = executable
    process.arguments =
      quickFlags + [
        "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)",
        "--screenshot=\(png.path)", page.absoluteString,
      ]
    process.standardOutput = logHandle
    process.standardError = logHandle
    try process.run()
    let pid = process.processIdentifier
    let watchdog = BlockingThread<Void> {
      let deadline = ContinuousClock.now + timeout
      while process.isRunning, ContinuousClock.now < deadline { usleep(50_000) }
      if process.isRunning { kill(pid, SIGKILL) }
    }
    process.waitUntilExit()
    try watchdog.value()
    guard FileManager.default.fileExists(atPath: png.path) else {
      let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      throw ChromiumError("chromium wrote no screenshot: \(text.suffix(600))")
    }
  }
}

/// Chromium did not do what a test asked.
public struct ChromiumError: Error, CustomStringConvertible {
  /// What went wrong.
  public var description: String

  /// Creates an error.
  public init(_ description: String) { self.description = description }
}
