import Foundation

/// The resource limits `forage` checks before it starts anything: open files (`ulimit -n`) and
/// address space (`ulimit -v`).
///
/// Past either limit Swift cannot carry on: SwiftNIO traps when it cannot create its event
/// loops' descriptors, a failed allocation ends the process, and a thread that cannot start
/// stalls it. So the soft open-files limit is first raised to the hard one (as Go's runtime
/// does), and a limit still below what the heaviest run needs is refused with one line and
/// exit 74 before any thread, file or socket is made. Every limit from the minimum up works.
enum ResourceLimits {
  /// The open files the heaviest run needs, with margin: 64, and 3 for each processor (one
  /// SwiftNIO event loop each, with its epoll, event and timer descriptors).
  ///
  /// Measured on 2 processors: `forage run` with the in-process mock, `--output`, `--record`,
  /// `--places-cache`, `--notify-url` and `--log-level trace` needed 44 when the signal
  /// handlers held 15 (they hold 14 now); the minimum here is 70.
  static var minimumOpenFiles: rlim_t {
    64 + 3 * rlim_t(ProcessInfo.processInfo.processorCount)
  }

  /// The address space the heaviest run needs, with margin: 256 MiB, and 576 MiB for each
  /// processor. glibc's malloc reserves 64 MiB of address space for each arena it makes, up to
  /// 8 a processor, as threads contend; and each processor runs an event loop's thread and a
  /// worker's, with a stack of 8 MiB each by default.
  ///
  /// Measured on 2 processors: the same run needs 200 MiB when malloc keeps to one arena
  /// (`MALLOC_ARENA_MAX=1`), and up to 773 MiB with the arenas it makes on its own; below about
  /// 600 MiB a thread's arena can find no room, and the run crashes or stalls. The minimum
  /// here is 1408 MiB.
  static var minimumAddressSpace: rlim_t {
    (256 + 576 * rlim_t(ProcessInfo.processInfo.processorCount)) << 20
  }

  /// The descriptors open before `forage` made any, beyond standard input, output and error:
  /// a parent that leaves its own open (a shell's redirection, a test runner's pipes) takes them
  /// from the same limit.
  ///
  /// Counted in `/proc/self/fd` (without the descriptor that reads it); 0 where it cannot be read.
  static func inheritedDescriptors() -> rlim_t {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
    else { return 0 }
    let open = rlim_t(names.filter { Int($0) != nil }.count)
    // The standard three, and the one that read the folder.
    return open > 4 ? open - 4 : 0
  }

  /// `RLIMIT_NOFILE`, as `getrlimit` takes it.
  private static let openFiles = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)

  /// `RLIMIT_AS`, as `getrlimit` takes it.
  private static let addressSpace = __rlimit_resource_t(RLIMIT_AS.rawValue)

  /// Raises the soft open-files limit to the hard one, then checks both limits.
  ///
  /// - Returns: The line to print when a limit is too low, or `nil`.
  static func check() -> String? {
    var files = rlimit()
    if getrlimit(openFiles, &files) == 0 {
      if files.rlim_cur < files.rlim_max {
        var raised = files
        raised.rlim_cur = files.rlim_max
        if setrlimit(openFiles, &raised) == 0 { files = raised }
      }
      let inherited = inheritedDescriptors()
      let needed = minimumOpenFiles + inherited
      if files.rlim_cur < needed {
        return "the open-files limit (ulimit -n) is \(files.rlim_cur); "
          + "forage needs at least \(needed)"
          + (inherited > 0
            ? " (\(inherited) held by descriptors it was started with, beyond the standard three)"
            : "")
      }
    }
    var space = rlimit()
    // rlim_t.max is RLIM_INFINITY, which Swift cannot import.
    if getrlimit(addressSpace, &space) == 0, space.rlim_cur != rlim_t.max,
      space.rlim_cur < minimumAddressSpace
    {
      return "the address-space limit (ulimit -v) is \(space.rlim_cur >> 20) MiB; "
        + "forage needs at least \(minimumAddressSpace >> 20) MiB"
    }
    return nil
  }
}
