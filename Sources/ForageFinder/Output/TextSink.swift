import Foundation

/// Where output text goes: standard output, or a file replaced atomically when the run ends.
public protocol TextSink: AnyObject {
  /// Appends text.
  func write(_ text: String) throws
  /// Commits everything written; a file sink renames its temporary file into place here.
  func commit() throws
}

/// A sink over standard output, flushed at every write so a reader sees each line at once.
public final class StandardOutputSink: TextSink {
  /// Creates the sink.
  public init() {}

  public func write(_ text: String) throws {
    try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
  }

  public func commit() throws {}
}

/// A sink that collects text in memory, for tests and for building documents.
public final class StringSink: TextSink {
  /// Everything written so far.
  public private(set) var text = ""
  /// Whether ``commit()`` was called.
  public private(set) var isCommitted = false

  /// Creates an empty sink.
  public init() {}

  public func write(_ text: String) throws { self.text += text }

  public func commit() throws { isCommitted = true }
}

/// A sink that writes a temporary file beside the destination and renames it into place on
/// commit, so the destination is either the old file or the complete new one, never half.
public final class AtomicFileSink: TextSink {
  /// The file that appears when the sink commits.
  public let destination: URL
  private let temporary: URL
  private let handle: FileHandle
  private var isCommitted = false

  /// Creates the temporary file.
  ///
  /// - Throws: ``OutputError/cannotWrite(path:reason:)`` when the directory is not writable.
  public init(destination: URL) throws {
    self.destination = destination
    let directory = destination.deletingLastPathComponent()
    temporary = directory.appendingPathComponent(
      ".\(destination.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    )
    guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
      let handle = FileHandle(forWritingAtPath: temporary.path)
    else {
      throw OutputError.cannotWrite(
        path: destination.path,
        reason: "cannot create a file in \(directory.path)"
      )
    }
    self.handle = handle
  }

  deinit {
    if !isCommitted {
      try? handle.close()
      try? FileManager.default.removeItem(at: temporary)
    }
  }

  public func write(_ text: String) throws {
    do {
      try handle.write(contentsOf: Data(text.utf8))
    } catch {
      throw OutputError.cannotWrite(path: destination.path, reason: error.localizedDescription)
    }
  }

  public func commit() throws {
    do {
      try handle.synchronize()
      try handle.close()
      guard rename(temporary.path, destination.path) == 0 else {
        throw OutputError.cannotWrite(
          path: destination.path,
          reason: String(cString: strerror(errno))
        )
      }
      isCommitted = true
    } catch let error as OutputError {
      throw error
    } catch {
      throw OutputError.cannotWrite(path: destination.path, reason: error.localizedDescription)
    }
  }
}

/// A failure to write output.
public enum OutputError: Error, Equatable, CustomStringConvertible {
  /// The output could not be written; nothing was left half-written.
  case cannotWrite(path: String, reason: String)

  public var description: String {
    switch self {
    case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
    }
  }
}
