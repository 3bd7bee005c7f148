import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// How a test starts a program: as a shell would, with no signal blocked and every signal's
/// default action (a child of a test thread would otherwise inherit the thread's blocked
/// signals), and with only the descriptors it is given.
///
/// Every other descriptor is closed in the child whenever it was opened: a list made before
/// `posix_spawn` misses a pipe another thread opens meanwhile (another suite's `Process`), and
/// a child that inherits its write end keeps that pipe's reader waiting for ever.
public struct ChildSpawn {
  /// Where one of the child's standard descriptors comes from or goes.
  public enum Stream {
    /// `/dev/null`.
    case null
    /// A file: read, or written from its start (made when missing).
    case file(String)
    /// A file written at its end (made when missing).
    case appending(String)
    /// A descriptor of the test's.
    case descriptor(Int32)
    /// Standard output's (for standard error).
    case standardOutput
  }

  /// Standard input.
  public var standardInput = Stream.null
  /// Standard output.
  public var standardOutput = Stream.null
  /// Standard error.
  public var standardError = Stream.null
  /// Descriptors of the test's the child gets as 3, 4 and up, in order.
  public var inherited: [Int32] = []
  /// The environment; `nil` for the test process's own.
  public var environment: [String: String]?
  /// Whether the child leads a session (and a process group) of its own, so that one signal
  /// to the group reaches everything it starts.
  public var newSession = false

  /// Creates a spawn with everything at `/dev/null`.
  public init(
    standardInput: Stream = .null,
    standardOutput: Stream = .null,
    standardError: Stream = .null,
    inherited: [Int32] = [],
    environment: [String: String]? = nil,
    newSession: Bool = false
  ) {
    self.standardInput = standardInput
    self.standardOutput = standardOutput
    self.standardError = standardError
    self.inherited = inherited
    self.environment = environment
    self.newSession = newSession
  }

  /// Why a program could not be started.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Starts `executable` (a path) with `arguments`.
  ///
  /// - Returns: The child's process id; the caller reaps it.
  /// - Throws: ``Failure`` when it cannot be started.
  public func start(_ executable: String, _ arguments: [String]) throws -> pid_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // POSIX_SPAWN_SETSID is 0x80 in glibc's <spawn.h>, behind _GNU_SOURCE, so not imported.
    let setSession: Int32 = newSession ? 0x80 : 0
    posix_spawnattr_setflags(
      &attributes,
      Int16(setSession | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF))
    )
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    var defaults = sigset_t()
    sigfillset(&defaults)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    Self.add(standardInput, as: 0, to: &actions)
    Self.add(standardOutput, as: 1, to: &actions)
    Self.add(standardError, as: 2, to: &actions)
    for (offset, descriptor) in inherited.enumerated() {
      posix_spawn_file_actions_adddup2(&actions, descriptor, 3 + Int32(offset))
    }
    guard let closeFrom = Self.addCloseFrom,
      closeFrom(&actions, 3 + Int32(inherited.count)) == 0
    else {
      throw Failure(description: "posix_spawn_file_actions_addclosefrom_np is missing (glibc 2.34)")
    }
    let variables =
      environment.map { $0.map { "\($0.key)=\($0.value)" } }
      ?? ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = variables.map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var child: pid_t = 0
    let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
    guard status == 0 else {
      throw Failure(description: "cannot start \(executable): \(String(cString: strerror(status)))")
    }
    return child
  }

  /// Waits for `pid` to end.
  ///
  /// - Returns: Its status as a shell gives it: the exit code, or 128 + the signal that ended it.
  public static func wait(for pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }

  private static func add(
    _ stream: Stream,
    as target: Int32,
    to actions: inout posix_spawn_file_actions_t
  ) {
    let writing = O_WRONLY | O_CREAT
    switch stream {
    case .null:
      posix_spawn_file_actions_addopen(
        &actions,
        target,
        "/dev/null",
        target == 0 ? O_RDONLY : O_WRONLY,
        0
      )
    case .file(let path):
      posix_spawn_file_actions_addopen(
        &actions,
        target,
        path,
        target == 0 ? O_RDONLY : writing | O_TRUNC,
        0o644
      )
    case .appending(let path):
      posix_spawn_file_actions_addopen(&actions, target, path, writing | O_APPEND, 0o644)
    case .descriptor(let descriptor):
      posix_spawn_file_actions_adddup2(&actions, descriptor, target)
    case .standardOutput:
      posix_spawn_file_actions_adddup2(&actions, 1, target)
    }
  }

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc
  /// module does not declare.
  private static let addCloseFrom:
    (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
      // RTLD_DEFAULT is a null handle in glibc.
      guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
      else { return nil }
      return unsafeBitCast(
        symbol,
        to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)
          .self
      )
    }()
}
