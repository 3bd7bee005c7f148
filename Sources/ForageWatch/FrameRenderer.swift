/// Turns screens of lines into the bytes that draw them, redrawing only the lines that changed
/// since the last frame.
///
/// Each changed line is drawn at its row: the cursor moved there, the line cleared, the text in
/// its styles. A new size clears and redraws the whole screen. Colours are left out when
/// `usesColour` is false (`NO_COLOR`); bold, dim and reverse video stay.
public struct FrameRenderer: Sendable {
  /// Whether styles may use colour.
  public var usesColour: Bool
  private var shown: [ScreenLine] = []
  private var size: (width: Int, height: Int)?

  /// Creates a renderer whose first frame draws the whole screen.
  public init(usesColour: Bool) { self.usesColour = usesColour }

  /// The bytes that change the screen from the last frame to `lines`, or `""` when nothing
  /// changed.
  public mutating func frame(_ lines: [ScreenLine], width: Int, height: Int) -> String {
    var output = ""
    if size.map({ $0 != (width, height) }) ?? true {
      output += "\u{1B}[0m\u{1B}[H\u{1B}[2J"
      shown = []
      size = (width, height)
    }
    for row in 0..<max(lines.count, shown.count) {
      let line = row < lines.count ? lines[row] : ScreenLine()
      if row < shown.count, shown[row] == line { continue }
      output += "\u{1B}[\(row + 1);1H\u{1B}[K"
      for run in line.runs where !run.text.isEmpty {
        let style = sgr(run.style)
        output += style.isEmpty ? run.text : "\u{1B}[\(style)m\(run.text)\u{1B}[0m"
      }
    }
    shown = lines
    return output
  }

  /// Makes the next frame draw the whole screen (after something else drew on it).
  public mutating func invalidate() { size = nil }

  private func sgr(_ style: ScreenLine.Style) -> String {
    switch style {
    case .plain: ""
    case .heading: "1"
    case .title: "7"
    case .new: usesColour ? "1;32" : "1"
    case .fading: "2"
    case .alert: usesColour ? "31" : "1"
    }
  }
}
