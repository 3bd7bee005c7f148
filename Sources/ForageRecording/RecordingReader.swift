import ForageFinder
import ForageSupport
import Foundation

/// Reads a recording (``RecordingFormat``) one action at a time, checking each line as it
/// comes: the header when it is opened, then each action, in order.
///
/// Memory stays at one line whatever the recording's length, and nothing is read past the
/// last action asked for, so `--until N` reads the first N actions' lines only.
final class RecordingReader {
  /// The recording's header.
  let header: RecordingHeader
  /// The recording as named in messages.
  let name: String
  private let lines: InputLines
  private let decoder = JSONDecoder()
  /// The one-based line of the last line read.
  private var lineNumber = 1
  private var fixes = RecordedFixes()
  /// The text of every line read so far, when asked to keep it (a recording that can be read
  /// only once is checked, then replayed from this copy).
  private(set) var keptText: Data?

  /// Reads and checks the header.
  ///
  /// - Parameters:
  ///   - lines: The recording.
  ///   - keepsText: Whether to keep the text of every line read, as ``keptText``.
  /// - Throws: ``RecordingError`` for a first line that is not a header this forage reads,
  ///   ``RecordingUnreadable`` when the recording cannot be read.
  init(lines: InputLines, keepsText: Bool = false) throws {
    self.lines = lines
    name = lines.name
    let first = try lines.next() ?? Data()
    keptText = keepsText ? first + [UInt8(ascii: "\n")] : nil
    do {
      header = try decoder.decode(RecordingHeader.self, from: first)
    } catch let error as DecodingError {
      throw RecordingError(file: name, line: 1, expected: RecordingFormat.headerExpectation(error))
    }
  }

  /// The next action, checked; `nil` after the last.
  ///
  /// - Throws: ``RecordingError`` at the first line that is not what the format expects, or
  ///   that answers a fix not recorded before it; ``RecordingUnreadable`` when the recording
  ///   cannot be read further.
  func next() throws -> FinderAction? {
    while let line = try lines.next() {
      lineNumber += 1
      keep(line)
      guard !line.isEmpty else { continue }
      let action: FinderAction
      do {
        action = try decoder.decode(FinderAction.self, from: line)
      } catch let error as DecodingError {
        throw RecordingError(file: name, line: lineNumber, expected: error.expectation)
      }
      try check(action)
      return action
    }
    return nil
  }

  /// Checks an action against those before it: fixes in increasing order, and an answer or a
  /// failure for a fix recorded before it.
  private func check(_ action: FinderAction) throws {
    switch action {
    case .location(.fixReceived(let index, _, _), _), .location(.locationUnknown(let index), _):
      guard index > fixes.newest else {
        throw RecordingError(
          file: name,
          line: lineNumber,
          expected: "\"index\" after the fix before it (\(fixes.newest)), not \(index)"
        )
      }
      fixes.insert(index)
    case .placesAnswered(let answer) where !fixes.contains(answer.fixIndex):
      throw RecordingError(
        file: name,
        line: lineNumber,
        expected: Self.earlierFix(answer.fixIndex, newest: fixes.newest)
      )
    case .placesFailed(let failure) where !fixes.contains(failure.fixIndex):
      throw RecordingError(
        file: name,
        line: lineNumber,
        expected: Self.earlierFix(failure.fixIndex, newest: fixes.newest)
      )
    default:
      break
    }
  }

  /// Keeps a line's text, when asked to.
  private func keep(_ line: Data) {
    keptText?.append(line)
    keptText?.append(UInt8(ascii: "\n"))
  }

  /// What a `fix_index` beyond the fixes recorded so far should have been.
  private static func earlierFix(_ index: Int, newest: Int) -> String {
    let known = newest < 0 ? "no fix is recorded before it" : "the newest is \(newest)"
    // (An index at or below the newest that no fix had is named the same way.)
    return "\"fix_index\" of a fix recorded before this line (\(known)), not \(index)"
  }
}
