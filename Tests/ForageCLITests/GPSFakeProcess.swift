import ForageTestSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// gpsd's `gpsfake` (Debian's `gpsd-clients`) replaying one NMEA log into a gpsd on 127.0.0.1,
/// started in a session of its own so the test can end it and its gpsd together.
///
/// It is started with ``ChildSpawn`` rather than `Process` for two things `Process` cannot do: a
/// new session (so `kill(-pid, SIGKILL)` reaches the gpsd it starts) and an empty signal mask
/// (a child of a test thread would otherwise inherit its blocked signals, and gpsfake could not
/// stop its gpsd with SIGTERM). Output goes to a file in `directory`.
///
/// Found and run as root in this container, gpsfake needs no special flags: its gpsd drops
/// privileges to the `gpsd` user and opens the pseudo-terminal gpsfake made world-readable; it
/// prints a harmless "unable to connect to the DBUS system bus".
final class GPSFakeProcess {
  /// The installed gpsfake, or `nil` when `gpsd-clients` is missing.
  static let executable: String? = ["/usr/bin/gpsfake", "/usr/local/bin/gpsfake"].first {
    access($0, X_OK) == 0
  }

  /// gpsfake's process id, also its session's and process group's.
  let pid: pid_t
  /// Where gpsfake's and gpsd's output goes.
  let outputPath: String
  private var isReaped = false

  /// Starts `gpsfake -1 -q -c CYCLE -W TIMEOUT -P PORT LOG`: the log once, `cycle` seconds between
  /// sentences; gpsfake stops its gpsd `timeout` seconds after the log ends, which closes the
  /// clients' connections.
  init(log: String, port: Int, cycle: Double, timeout: Int, directory: URL) throws {
    guard let executable = Self.executable else {
      throw POSIXError(.ENOENT)
    }
    outputPath = directory.appendingPathComponent("gpsfake-\(port).out").path
    let inputPath = directory.appendingPathComponent("gpsfake.in").path
    try Data().write(to: URL(fileURLWithPath: inputPath))
    let arguments = [
      executable, "-1", "-q", "-c", String(cycle), "-W", String(timeout), "-P", String(port), log,
    ]
    pid = try ChildSpawn(
      standardInput: .file(inputPath),
      standardOutput: .file(outputPath),
      standardError: .standardOutput,
      environment: nil,
      newSession: true
    ).start(executable, Array(arguments.dropFirst()))
  }

  /// Kills gpsfake and its gpsd (SIGKILL to the whole session's group), reaps gpsfake and
  /// removes the control socket gpsd leaves behind (`/tmp/gpsfake-PID.sock`, named for
  /// gpsfake's process id).
  func kill() {
    guard !isReaped else { return }
    Glibc.kill(-pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    isReaped = true
    unlink("/tmp/gpsfake-\(pid).sock")
  }

  /// What gpsfake and gpsd printed.
  var output: String {
    (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
  }

  deinit { kill() }
}
