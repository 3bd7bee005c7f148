/// One line of the watch screen: runs of text, each in a style, already fitted to the width.
public struct ScreenLine: Sendable, Equatable {
  /// How a run of text is drawn.
  public enum Style: Sendable, Equatable {
    /// The terminal's own.
    case plain
    /// A heading: bold.
    case heading
    /// The title bar: reverse video.
    case title
    /// Something new (a place that just entered): bold green, or bold alone without colour.
    case new
    /// Going away (a place that left): dim.
    case fading
    /// Something wrong (an error, a retry, a lost fix): red, or bold alone without colour.
    case alert
  }

  /// The runs of text, in order.
  public var runs: [(text: String, style: Style)]

  /// Creates a line from its runs.
  public init(_ runs: [(text: String, style: Style)] = []) { self.runs = runs }

  /// A line of one run.
  public init(_ text: String, _ style: Style = .plain) { runs = [(text, style)] }

  /// The line's text without styles.
  public var text: String { runs.map(\.text).joined() }

  public static func == (lhs: ScreenLine, rhs: ScreenLine) -> Bool {
    lhs.runs.elementsEqual(rhs.runs) { $0.text == $1.text && $0.style == $1.style }
  }
}
