import ForageTestSupport
import Foundation
import Testing

/// A real terminal for end-to-end tests: a tmux server of the test's own (its socket in a
/// temporary folder, so no other tmux is touched) with one window running a shell command.
///
/// The command runs under `sh -c` with the terminal's `stty` settings taken before and after,
/// so a test can tell that the program put the terminal back (`TTY=same`), and its exit status
/// printed as `EXIT=n`; the pane then stays (a `sleep`) until ``close()``.
final class TmuxPane {
  /// The tmux executable: Debian's package, installed by `make test`.
  static let tmux = URL(fileURLWithPath: "/usr/bin/tmux")

  /// Whether tmux is installed.
  static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: tmux.path) }

  private let socket: URL
  private let folder: URL
  /// The tmux server's process.
  private var serverPID: pid_t?

  /// Starts a window of `width` × `height` cells running `command` in `directory`.
  init(_ command: String, width: Int = 100, height: Int = 30, in directory: URL) throws {
    try #require(Self.isInstalled, "tmux is not installed (make test-deps installs it)")
    folder = try FinderFixtures.temporaryDirectory()
    socket = folder.appendingPathComponent("tmux.sock")
    let script =
      "cd '\(directory.path)' && before=$(stty -g); \(command); code=$?; "
      + "[ \"$(stty -g)\" = \"$before\" ] && echo TTY=same || echo TTY=changed; "
      + "echo EXIT=$code; exec sleep 120"
    let status = try Self.spawn([
      "-S", socket.path, "-f", "/dev/null", "new-session", "-d", "-x", String(width), "-y",
      String(height), "sh", "-c", script,
    ])
    try #require(status == 0, "tmux new-session exited \(status)")
    serverPID = pid_t(try format("#{pid}"))
  }

  deinit { close() }

  /// Runs tmux with `arguments` to its end and returns its exit status; for the command that
  /// starts the server.
  ///
  /// The server lives on after the test's command returns and keeps every descriptor it was
  /// given, so it is given none but `/dev/null`: a pipe or socket of the test process (another
  /// test's child's output, or Foundation's watch on a child's end) held by the server would
  /// never reach its end, and whoever reads it would wait forever. So this spawns tmux itself,
  /// closing every other descriptor, and waits for it with `waitpid`.
  private static func spawn(_ arguments: [String]) throws -> Int32 {
    let pid: pid_t
    do {
      pid = try ChildSpawn().start(tmux.path, arguments)
    } catch {
      throw FixtureError("cannot start tmux: \(error)")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return status
  }

  /// Ends the tmux server and everything in it (by its PID, with SIGKILL, if asking it is not
  /// enough), and removes its folder.
  func close() {
    _ = try? tmux(["kill-server"])
    if let serverPID, kill(serverPID, 0) == 0 { kill(serverPID, SIGKILL) }
    serverPID = nil
    try? FileManager.default.removeItem(at: folder)
  }

  /// Runs a tmux command on this server.
  @discardableResult
  func tmux(_ arguments: [String]) throws -> BinaryResult {
    try BuiltBinary.run(executable: Self.tmux, ["-S", socket.path] + arguments)
  }

  /// The visible screen's lines, trailing spaces removed; with `escapes`, with the escape
  /// sequences of their colours and attributes.
  func screen(escapes: Bool = false) throws -> [String] {
    let captured = try tmux(["capture-pane", "-p"] + (escapes ? ["-e"] : []))
    return captured.stdout.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
  }

  /// A tmux format of the pane, such as `#{alternate_on}`.
  func format(_ text: String) throws -> String {
    try tmux(["display-message", "-p", text]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Types keys into the pane.
  func send(_ keys: String...) throws {
    try tmux(["send-keys"] + keys)
  }

  /// Resizes the window.
  func resize(width: Int, height: Int) throws {
    try tmux(["resize-window", "-x", String(width), "-y", String(height)])
  }

  /// The process the pane's shell started (the program under test), if it runs.
  func programPID() throws -> pid_t? {
    let shell = try format("#{pane_pid}")
    let children = try? String(
      contentsOfFile: "/proc/\(shell)/task/\(shell)/children",
      encoding: .utf8
    )
    return children?.split(separator: " ").first.flatMap { pid_t($0) }
  }

  /// Polls the screen until `condition` holds of it, for at most `seconds`; returns the screen
  /// that satisfied it, or fails the test with the last screen seen.
  func waitFor(
    _ what: String,
    seconds: Double = 20,
    _ condition: ([String]) throws -> Bool
  ) throws -> [String] {
    let deadline = ContinuousClock.now + .seconds(seconds)
    var lines: [String] = []
    while ContinuousClock.now < deadline {
      lines = try screen()
      if try condition(lines) { return lines }
      Thread.sleep(forTimeInterval: 0.05)
    }
    let shown = lines.joined(separator: "\n")
    Issue.record("timed out waiting for \(what); the screen:\n\(shown)")
    throw FixtureError("timed out waiting for \(what)")
  }
}
