import ForageTestSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Built binaries started as close together as a test can: every child waits at a gate until all
/// of them have started, then all are let through at once.
///
/// Each child is a `sh` that reports on a "ready" pipe, then reads the "gate" pipe, then `exec`s
/// the binary under `timeout -s KILL` (a time limit, the child stopped by its PID). The test
/// reads one byte per child from the ready pipe (so every child is at the gate) and closes the
/// gate's write end: every child reads end-of-file at the same moment. Outputs go to files in the
/// given folder, so nothing has to drain pipes while the children run.
enum StartingGate {
  /// How one child exited and what it printed.
  struct Outcome {
    /// The exit status, or 128 + the signal that ended it.
    var status: Int32
    /// Its standard output.
    var stdout: String
    /// Its standard error.
    var stderr: String
  }

  /// The most seconds a child may run before `timeout` kills it.
  static let timeLimit = 120

  /// Runs the built executable `name` once per element of `runs`, all released together, and
  /// waits for every one.
  ///
  /// - Parameters:
  ///   - name: The product name, such as `forage`.
  ///   - runs: The arguments of each process.
  ///   - directory: Where the children's outputs are kept.
  /// - Returns: Each process's result, in the order of `runs`.
  static func run(_ name: String, _ runs: [[String]], in directory: URL) throws -> [Outcome] {
    var ready: [Int32] = [0, 0]
    var gate: [Int32] = [0, 0]
    guard pipe(&ready) == 0, pipe(&gate) == 0 else { throw POSIXError(.EMFILE) }
    // Only the children's copies (made by dup2, which clears the flag) outlive an exec.
    for descriptor in ready + gate { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    var gateOpen = true
    defer {
      close(ready[0])
      if gateOpen { close(gate[1]) }
    }
    let script = "printf x >&3; exec 3>&-; read -r _; exec timeout -s KILL \(timeLimit) \"$@\""
    var children: [(pid: pid_t, stdout: String, stderr: String)] = []
    defer {
      // A test that failed half-way still reaps what it started.
      for child in children where child.pid > 0 {
        var status: Int32 = 0
        if waitpid(child.pid, &status, WNOHANG) == 0 {
          kill(child.pid, SIGKILL)
          waitpid(child.pid, &status, 0)
        }
      }
    }
    for (number, arguments) in runs.enumerated() {
      let stdout = directory.appendingPathComponent("gate-\(number).out").path
      let stderr = directory.appendingPathComponent("gate-\(number).err").path
      let words = ["-c", script, "sh", BuiltBinary.url(name).path] + arguments
      let pid = try ChildSpawn(
        standardInput: .descriptor(gate[0]),
        standardOutput: .file(stdout),
        standardError: .file(stderr),
        inherited: [ready[1]]
      ).start("/bin/sh", words)
      children.append((pid, stdout, stderr))
    }
    close(ready[1])
    close(gate[0])
    // One byte from each child: all of them are at the gate (a child that died early ends the
    // wait with end-of-file instead).
    var arrived = 0
    var byte: UInt8 = 0
    while arrived < runs.count {
      let count = read(ready[0], &byte, 1)
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      arrived += 1
    }
    close(gate[1])
    gateOpen = false
    var results: [Outcome] = []
    for index in children.indices {
      var status: Int32 = 0
      while waitpid(children[index].pid, &status, 0) < 0 && errno == EINTR {}
      children[index].pid = 0
      let exited = status & 0x7F == 0
      results.append(
        Outcome(
          status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F),
          stdout: (try? String(contentsOfFile: children[index].stdout, encoding: .utf8)) ?? "",
          stderr: (try? String(contentsOfFile: children[index].stderr, encoding: .utf8)) ?? ""
        )
      )
    }
    return results
  }
}
