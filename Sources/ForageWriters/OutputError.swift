import ForageFinder

/// A failure to write output.
public enum OutputError: Error, Equatable, CustomStringConvertible {
  /// The output could not be written; nothing was left half-written.
  case cannotWrite(path: String, reason: String)
  /// The reader of a pipe went away (`EPIPE`): not worth a message, as `head` users expect.
  case brokenPipe(path: String)

  public var description: String {
    switch self {
    case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
    case .brokenPipe(let path): "cannot write \(path): the reader has gone"
    }
  }
}
