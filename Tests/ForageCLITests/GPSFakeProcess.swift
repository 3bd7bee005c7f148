import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// gpsd's `gpsfake` (Debian's `gpsd-clients`) replaying one NMEA log into a gpsd on 127.0.0.1,
/// started in a session of its own so the test can end it and its gpsd together.
///
/// It is spawned with `posix_spawn` rather than `Process` for two things `Process` cannot do: a
/// new session (`POSIX_SPAWN_SETSID`, so `kill(-pid, SIGKILL)` reaches the gpsd it starts) and an
/// empty signal mask (a child of a test thread would otherwise inherit its blocked signals, and
/// gpsfake could not stop its gpsd with SIGTERM). Output goes to a file in `directory`.
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
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // POSIX_SPAWN_SETSID is 0x80 in glibc's <spawn.h>, behind _GNU_SOURCE, so not imported.
    let setSession: Int32 = 0x80
    posix_spawnattr_setflags(
      &attributes,
      Int16(setSession | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF))
    )
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, number) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var child: pid_t = 0
    let status = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
    guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
    pid = child
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
