import ArgumentParser
import ForageFinder
import ForageSupport
import ForageWriters
import Foundation

/// Checks, before anything is opened, that the files a command writes are distinct files and
/// that none of them is one of its inputs.
enum OutputPaths {
  /// Refuses two outputs that are one file, an output that is an input, and two inputs reading
  /// one stream, however spelt: links, `..`, relative paths, hard links, `-` and
  /// `/dev/stdout`, and standard output or standard error redirected to a file
  /// (`forage run --track walk.gpx >> walk.gpx`).
  ///
  /// Only regular files (and names not created yet) can clash as outputs: a device, a FIFO or
  /// a terminal is written, not replaced, so two outputs may share `/dev/null`. An option may
  /// appear in both lists (`--places-cache` is read and written); it is not compared with
  /// itself. `-` as an output is standard output, as an input standard input.
  ///
  /// - Parameters:
  ///   - outputs: Each output option's name and path, or `nil` when not given.
  ///   - inputs: Each input option's name and path, or `nil` when not given.
  /// - Throws: Exit 64 after a one-line message.
  static func check(
    outputs: [(option: String, path: String?)],
    inputs: [(option: String, path: String?)] = []
  ) throws {
    var written: [String: String] = [:]
    var named: Set<String> = []  // outputs named by a path, not `-`
    for (option, path) in outputs {
      guard let path, let identity = replaceableIdentity(path, stream: STDOUT_FILENO) else {
        continue
      }
      if let earlier = written[identity] {
        printError(
          "\(earlier) and \(option) name the same file (\(describe(path, "standard output"))); "
            + "give each its own"
        )
        throw Sysexits.usage
      }
      written[identity] = option
      if path != "-" { named.insert(identity) }
    }
    // Standard error, redirected to a file, is written too (messages, logs); it may share a
    // file with standard output (`> log 2>&1`), not with a named output.
    if let identity = streamIdentity(STDERR_FILENO, regularOnly: true), named.contains(identity),
      let option = written[identity]
    {
      printError("\(option) names the file standard error is written to; give it its own")
      throw Sysexits.usage
    }
    var streams = written
    if let identity = streamIdentity(STDERR_FILENO, regularOnly: true) {
      streams[identity] = streams[identity] ?? "standard error"
    }
    var read: [String: String] = [:]
    for (option, path) in inputs {
      guard let path else { continue }
      let identity = inputIdentity(path)
      if let output = streams[identity], output != option {
        printError(
          "\(output) would overwrite \(option) (\(describe(path, "standard input"))), an input "
            + "of this run; write the output to another file"
        )
        throw Sysexits.usage
      }
      if let earlier = read[identity], earlier != option, InputFile.isReadOnce(path) {
        printError(
          "\(earlier) and \(option) both read \(InputFile.displayName(path)), which can be "
            + "read only once; give one of them a file"
        )
        throw Sysexits.usage
      }
      read[identity] = option
    }
  }

  /// A path as a message shows it: `-` is the stream it stands for.
  private static func describe(_ path: String, _ stream: String) -> String {
    path == "-" ? stream : path
  }

  /// What an output replaces, or `nil` for one that is written in place (a device, a FIFO, a
  /// terminal): the same for every spelling of a regular file or a name not created yet.
  private static func replaceableIdentity(_ path: String, stream: Int32) -> String? {
    // Two outputs on standard output clash whatever it is: their streams would interleave.
    if path == "-" { return streamIdentity(stream, regularOnly: true) ?? "standard output" }
    var status = stat()
    if stat(path, &status) == 0 && status.st_mode & S_IFMT != S_IFREG { return nil }
    return OutputFile.identity(of: path)
  }

  /// The file a standard stream is open on, or `nil` when it is not a regular file and
  /// `regularOnly` is set (or cannot be told).
  private static func streamIdentity(_ descriptor: Int32, regularOnly: Bool) -> String? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    if regularOnly && status.st_mode & S_IFMT != S_IFREG { return nil }
    return "inode \(status.st_dev):\(status.st_ino)"
  }

  /// An input's identity: standard input's own file for `-`, so that `--track - < out.ndjson`
  /// with `--output out.ndjson` is caught too.
  private static func inputIdentity(_ path: String) -> String {
    guard path == "-" else { return OutputFile.identity(of: path) }
    return streamIdentity(STDIN_FILENO, regularOnly: false) ?? "standard input"
  }
}
