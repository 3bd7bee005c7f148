import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A throwaway PostgreSQL server for one test suite: a new cluster in a temporary folder,
/// listening on a Unix socket in that folder and on 127.0.0.1, stopped by its process id.
///
/// `initdb` refuses to run as root, and CI runs as root: there the cluster belongs to `nobody`,
/// whose process the server runs as (through `setpriv`, which execs, so the process started is
/// the server itself). Every program is started with ``ChildSpawn``: only the three standard
/// descriptors (none of the test runner's pipes or sockets) and no blocked signals.
///
/// Local (socket) connections are trusted for ``adminUser``; TCP connections need a password
/// (SCRAM), so a test can give ``user`` and ``password`` in a `postgres://` URL for real. The
/// programs come from the newest `/usr/lib/postgresql/*/bin`: `make test-deps` installs
/// Debian's `postgresql` when they are missing. No program is started through a pipe, and
/// every program started closes all but its three standard descriptors before it runs.
public final class PostgresCluster: @unchecked Sendable {
  /// The temporary folder: the data directory and the socket are in it.
  public let folder: URL
  /// The TCP port on 127.0.0.1, also the number in the socket's name.
  public let port: Int
  /// The superuser, trusted over the socket.
  public let adminUser = "forage_admin"
  /// A user with ``password`` that owns ``database``.
  public let user = "forage"
  /// ``user``'s password: long and odd enough to be found wherever it leaks.
  public let password = "s3cret-Pg-pass-7Qx"
  /// The database made for the tests.
  public let database = "forage_cache"
  /// Whether the server keeps PostgreSQL's default durability.
  public let isDurable: Bool
  private let binaries: URL
  private let owner: (uid: uid_t, gid: gid_t)?
  private var serverPID: pid_t?

  /// Why the cluster could not be made, started or asked.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String

    /// Creates a failure.
    public init(description: String) { self.description = description }
  }

  /// Makes a cluster in a new temporary folder and starts it.
  ///
  /// - Parameter durable: Whether the server keeps PostgreSQL's default durability (every
  ///   commit flushed to disk), as a benchmark wants; tests trade it for speed (`fsync=off`).
  public static func start(durable: Bool = false) async throws -> PostgresCluster {
    let cluster = try await offPool { try PostgresCluster(durable: durable) }
    do {
      try await cluster.createUserAndDatabase()
    } catch {
      await cluster.remove()
      throw error
    }
    return cluster
  }

  /// Starts the server and makes ``user`` and ``database``.
  private func createUserAndDatabase() async throws {
    let cluster = self
    try await cluster.startServer()
    try await cluster.sql(
      "CREATE ROLE \(cluster.user) LOGIN PASSWORD '\(cluster.password)'",
      database: "postgres"
    )
    try await cluster.sql(
      "CREATE DATABASE \(cluster.database) OWNER \(cluster.user)",
      database: "postgres"
    )
  }

  private init(durable: Bool) throws {
    isDurable = durable
    binaries = try Self.binariesFound.get()
    var template = Array("/tmp/forage-pg-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw Failure(description: "mkdtemp: \(String(cString: strerror(errno)))")
    }
    folder = URL(fileURLWithPath: String(cString: made))
    port = try Self.freePort()
    if geteuid() == 0 {
      guard let entry = getpwnam("nobody") else {
        throw Failure(description: "running as root, and there is no user nobody")
      }
      owner = (entry.pointee.pw_uid, entry.pointee.pw_gid)
      chown(folder.path, entry.pointee.pw_uid, entry.pointee.pw_gid)
    } else {
      owner = nil
    }
    let status = try run(
      binaries.appendingPathComponent("initdb").path,
      [
        "-D", dataFolder, "-U", adminUser, "--auth-local=trust",
        "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C",
      ] + (durable ? [] : ["--no-sync"]),
      log: "initdb.log"
    )
    guard status == 0 else {
      throw Failure(description: "initdb exited with \(status): \(log("initdb.log"))")
    }
  }

  deinit {
    stopServer()
    try? FileManager.default.removeItem(at: folder)
  }

  /// The data directory.
  public var dataFolder: String { folder.appendingPathComponent("data").path }

  /// The URL of ``database`` over TCP, with ``user`` and ``password``.
  public var url: String {
    "postgres://\(user):\(password)@127.0.0.1:\(port)/\(database)"
  }

  /// The URL of ``database`` over the Unix socket, as ``adminUser`` (trusted, no password).
  public var socketURL: String {
    "postgres://\(adminUser)@:\(port)/\(database)?host=\(folder.path)"
  }

  /// The server's process id while it runs.
  public var pid: pid_t? { serverPID }

  /// Runs SQL as ``adminUser`` through `psql` and gives its unaligned output (`-At`).
  @discardableResult
  public func sql(_ statements: String, database: String? = nil) async throws -> String {
    try await offPool { [self] in
      let name = "psql-\(UUID().uuidString).out"
      let status = try run(
        binaries.appendingPathComponent("psql").path,
        [
          "-X", "-At", "-v", "ON_ERROR_STOP=1", "-h", folder.path, "-p", String(port),
          "-U", adminUser, "-d", database ?? self.database, "-c", statements,
        ],
        log: name,
        asOwner: false
      )
      let output = log(name)
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
      guard status == 0 else { throw Failure(description: "psql exited with \(status): \(output)") }
      return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
  }

  /// Stops the server (a fast shutdown: clients are disconnected) and starts it again on the
  /// same port and folder.
  public func restart() async throws {
    await stop()
    try await startServer()
  }

  /// Stops the server: SIGINT, PostgreSQL's fast shutdown (SIGTERM would wait for every client
  /// to leave), then SIGKILL if it has not exited within ten seconds.
  public func stop() async {
    await offPool { [self] in stopServer() }
  }

  /// Stops the server and removes the folder, data and all.
  public func remove() async {
    await stop()
    try? FileManager.default.removeItem(at: folder)
  }

  /// What the server wrote to its log.
  public var serverLog: String { log("server.log") }

  private func startServer() async throws {
    try await offPool { [self] in
      let pid = try spawn(
        binaries.appendingPathComponent("postgres").path,
        [
          "-D", dataFolder, "-p", String(port), "-c", "listen_addresses=127.0.0.1",
          "-c", "unix_socket_directories=\(folder.path)", "-c", "max_connections=100",
        ]
          + (isDurable
            ? []
            : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]),
        log: "server.log",
        asOwner: true
      )
      serverPID = pid
      // Ready when postmaster.pid's last line says so; the only wait in these tests.
      let pidFile = URL(fileURLWithPath: dataFolder).appendingPathComponent("postmaster.pid")
      let deadline = ContinuousClock.now.advanced(by: .seconds(60))
      while ContinuousClock.now < deadline {
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
          serverPID = nil
          throw Failure(description: "postgres exited (\(status)): \(serverLog)")
        }
        let lines = ((try? String(contentsOf: pidFile, encoding: .utf8)) ?? "")
          .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        if lines.count >= 8, lines[0] == String(pid), lines[7] == "ready" { return }
        usleep(10_000)
      }
      throw Failure(description: "postgres did not get ready in 60 s: \(serverLog)")
    }
  }

  private func stopServer() {
    guard let pid = serverPID else { return }
    serverPID = nil
    kill(pid, SIGINT)
    let deadline = ContinuousClock.now.advanced(by: .seconds(10))
    var status: Int32 = 0
    while waitpid(pid, &status, WNOHANG) == 0 {
      if ContinuousClock.now >= deadline {
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return
      }
      usleep(10_000)
    }
  }

  /// Runs a program to its end.
  private func run(
    _ executable: String,
    _ arguments: [String],
    log: String,
    asOwner: Bool = true
  ) throws -> Int32 {
    ChildSpawn.wait(for: try spawn(executable, arguments, log: log, asOwner: asOwner))
  }

  /// Starts a program (``ChildSpawn``) with standard input empty and both outputs in `log` in
  /// the folder; as the cluster's owner when `asOwner`.
  private func spawn(
    _ executable: String,
    _ arguments: [String],
    log: String,
    asOwner: Bool
  ) throws -> pid_t {
    var command = [executable] + arguments
    if asOwner, let owner {
      command =
        ["/usr/bin/setpriv", "--reuid=\(owner.uid)", "--regid=\(owner.gid)", "--clear-groups"]
        + command
    }
    // In the folder (a working directory that `nobody` may not read would stop it); env execs,
    // as setpriv does, so the process started is the program itself.
    command = ["/usr/bin/env", "-C", folder.path] + command
    var environment = ProcessInfo.processInfo.environment
    environment["LC_ALL"] = "C"
    environment["PGTZ"] = "UTC"
    do {
      return try ChildSpawn(
        standardOutput: .appending(folder.appendingPathComponent(log).path),
        standardError: .standardOutput,
        environment: environment
      ).start(command[0], Array(command.dropFirst()))
    } catch let error as ChildSpawn.Failure {
      throw Failure(description: error.description)
    }
  }

  private func log(_ name: String) -> String {
    (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
  }

  /// The folder of `initdb`, `postgres` and `psql`, looked for once a process.
  private static let binariesFound = Result { try findBinaries() }

  /// The folder of `initdb`, `postgres` and `psql`: the newest `/usr/lib/postgresql/*/bin`
  /// (where Debian puts them; `pg_config`, in the client package, may name another version).
  private static func findBinaries() throws -> URL {
    let versions =
      (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
    for version in versions.sorted(by: { (Int($0) ?? 0) > (Int($1) ?? 0) }) {
      let candidate = "/usr/lib/postgresql/\(version)/bin"
      if FileManager.default.isExecutableFile(atPath: "\(candidate)/postgres"),
        FileManager.default.isExecutableFile(atPath: "\(candidate)/initdb")
      {
        return URL(fileURLWithPath: candidate)
      }
    }
    throw Failure(
      description: "no PostgreSQL server programs (initdb, postgres) in /usr/lib/postgresql: "
        + "run make test-deps"
    )
  }

  /// A TCP port on 127.0.0.1 that nothing listens on now (the kernel's pick for port 0).
  private static func freePort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw Failure(description: "socket failed") }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
        bind(descriptor, socketAddress, length) == 0
          && getsockname(descriptor, socketAddress, &length) == 0
      }
    }
    guard bound else { throw Failure(description: "cannot bind 127.0.0.1:0") }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}

/// Runs blocking work on a thread of its own and waits for it without holding a thread of
/// Swift's cooperative pool.
public func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}

/// Runs blocking work that cannot fail on a thread of its own.
public func offPool(_ body: @escaping @Sendable () -> Void) async {
  await withCheckedContinuation { continuation in
    Thread {
      body()
      continuation.resume()
    }.start()
  }
}
