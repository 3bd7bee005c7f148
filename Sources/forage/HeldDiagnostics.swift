import Foundation
import Synchronization

/// Standard error held back while a full-screen view is up: what the run says there (warnings,
/// the one-line error, logs) would be drawn over the view and lost with the alternate screen,
/// so it goes to an unnamed temporary file and is written out, in order, once the terminal is
/// put back.
///
/// Nothing is held when standard error is not a terminal (`2>log`): it goes where it was sent.
final class HeldDiagnostics: Sendable {
  /// Standard error's own descriptor and the file holding what was written meanwhile.
  private let held = Mutex<(original: Int32, file: Int32)?>(nil)

  /// Starts holding standard error if it is a terminal.
  init() {
    guard isatty(STDERR_FILENO) == 1 else { return }
    var template = Array((NSTemporaryDirectory() + "/forage-watch-XXXXXX").utf8CString)
    let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard file >= 0 else { return }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    let original = dup(STDERR_FILENO)
    guard original >= 0, dup2(file, STDERR_FILENO) >= 0 else {
      close(file)
      if original >= 0 { close(original) }
      return
    }
    held.withLock { $0 = (original, file) }
  }

  /// Gives standard error back and writes out what it held. Safe to call more than once, and
  /// from any thread.
  func release() {
    guard let (original, file) = held.withLock({ $0.take() }) else { return }
    dup2(original, STDERR_FILENO)
    close(original)
    lseek(file, 0, SEEK_SET)
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      var offset = 0
      while offset < count {
        let written = buffer.withUnsafeBytes {
          write(STDERR_FILENO, $0.baseAddress! + offset, count - offset)
        }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { break }
        offset += written
      }
    }
    close(file)
  }
}
