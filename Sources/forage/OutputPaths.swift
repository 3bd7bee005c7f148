import ArgumentParser
import ForageFinder
import ForageSupport
import Foundation

/// Checks, before anything is opened, that the files a command writes are distinct files and
/// that none of them is one of its inputs.
enum OutputPaths {
  /// Refuses two outputs naming one file, an output naming an input, and two inputs reading one
  /// stream, however spelt (links, `..`, relative paths, hard links, `-` and `/dev/stdin`).
  ///
  /// An option may appear in both lists (`--places-cache` is read and written); it is not
  /// compared with itself. `-` as an output is standard output, as an input standard input.
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
    for (option, path) in outputs {
      guard let path else { continue }
      let identity = path == "-" ? "standard output" : OutputFile.identity(of: path)
      if let earlier = written[identity] {
        printError("\(earlier) and \(option) name the same file (\(path)); give each its own")
        throw Sysexits.usage
      }
      written[identity] = option
    }
    var read: [String: String] = [:]
    for (option, path) in inputs {
      guard let path else { continue }
      let identity = inputIdentity(path)
      if let output = written[identity], output != option {
        printError(
          "\(output) would overwrite \(option) (\(path)), an input of this run; "
            + "write the output to another file"
        )
        throw Sysexits.usage
      }
      if let earlier = read[identity], earlier != option, isStream(path) {
        printError(
          "\(earlier) and \(option) both read \(InputFile.displayName(path)), which can be "
            + "read only once; give one of them a file"
        )
        throw Sysexits.usage
      }
      read[identity] = option
    }
  }

  /// An input's identity: standard input's own file for `-`, so that `--track - < out.ndjson`
  /// with `--output out.ndjson` is caught too.
  private static func inputIdentity(_ path: String) -> String {
    guard path == "-" else { return OutputFile.identity(of: path) }
    var status = stat()
    guard fstat(STDIN_FILENO, &status) == 0 else { return "standard input" }
    return "inode \(status.st_dev):\(status.st_ino)"
  }

  /// Whether an input can be read only once (standard input, a pipe, a FIFO, a device).
  private static func isStream(_ path: String) -> Bool {
    InputFile.isReadOnce(path)
  }
}
