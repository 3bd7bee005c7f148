import Foundation
import Synchronization

/// The terminal `forage watch` draws on: the alternate screen, no cursor, keys read one at a
/// time with no echo, and all of it put back as it was by ``leave()``.
///
/// This is the project's own small renderer rather than a library: the offline package set has
/// no terminal UI library for Linux (ConsoleKit and Rainbow style lines of output; neither
/// switches screens, sets raw mode or redraws in place), and a full-screen view needs only
/// these few `termios` calls and escape sequences, which the standard C library and any
/// VT100-like terminal provide.
public final class TerminalScreen: Sendable {
  /// The descriptor drawn on (standard output, a terminal).
  public let output: Int32
  /// The descriptor keys are read from: standard input when it is the terminal, otherwise
  /// the controlling terminal; `nil` when there is neither.
  public let input: Int32?
  /// Whether the screen is taken, and the terminal's mode before it was.
  private let taken = Mutex<(isTaken: Bool, mode: termios?)>((false, nil))

  /// Takes the terminal on `output`, with keys from `input` when that is a terminal, else from
  /// the process's controlling terminal (the track may come on standard input).
  public init(output: Int32, input: Int32) {
    self.output = output
    if isatty(input) == 1 {
      self.input = input
    } else {
      let terminal = open("/dev/tty", O_RDONLY | O_CLOEXEC)
      self.input = terminal >= 0 ? terminal : nil
    }
  }

  /// The screen's size in cells; 80 × 24 when the terminal does not say.
  public var size: (width: Int, height: Int) {
    var window = winsize()
    guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0
    else { return (80, 24) }
    return (Int(window.ws_col), Int(window.ws_row))
  }

  /// Switches to the alternate screen, hides the cursor, and reads keys raw: no echo, no line
  /// editing, Ctrl-C a key rather than a signal.
  public func enter() {
    let descriptor = input ?? output
    var mode = termios()
    let hasMode = tcgetattr(descriptor, &mode) == 0
    taken.withLock { $0 = (true, hasMode ? mode : nil) }
    if hasMode {
      mode.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
      mode.c_iflag &= ~tcflag_t(IXON | ICRNL)
      withUnsafeMutableBytes(of: &mode.c_cc) { bytes in
        bytes[Int(VMIN)] = 1
        bytes[Int(VTIME)] = 0
      }
      tcsetattr(descriptor, TCSANOW, &mode)
    }
    write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
  }

  /// Puts the terminal back as ``enter()`` found it: the main screen, the cursor, echo and
  /// line mode. Safe to call more than once, and from any thread (a signal handler's queue).
  public func leave() {
    let (isTaken, mode) = taken.withLock { taken in
      defer { taken = (false, nil) }
      return taken
    }
    guard isTaken else { return }
    write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
    if var mode { tcsetattr(input ?? output, TCSADRAIN, &mode) }
  }

  /// Writes all of `text`, going on after interruptions; gives up on other errors (the
  /// terminal went away).
  public func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        Foundation.write(output, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written > 0 {
        offset += written
      } else if written < 0 && (errno == EINTR || errno == EAGAIN) {
        continue
      } else {
        return
      }
    }
  }
}
