import ForageWatch
import Testing

/// Frames redraw only what changed, and colour only when it is wanted.
@Suite struct FrameRendererTests {
  let lines = [ScreenLine("title", .title), ScreenLine("one"), ScreenLine("two", .new)]

  @Test func redrawsOnlyChangedLines() {
    var renderer = FrameRenderer(usesColour: true)
    let first = renderer.frame(lines, width: 20, height: 5)
    #expect(first.contains("\u{1B}[2J") && first.contains("one") && first.contains("two"))
    #expect(renderer.frame(lines, width: 20, height: 5).isEmpty)
    var changed = lines
    changed[1] = ScreenLine("uno")
    let second = renderer.frame(changed, width: 20, height: 5)
    #expect(second == "\u{1B}[2;1H\u{1B}[Kuno")
    // A line that goes is cleared.
    #expect(renderer.frame(Array(changed.prefix(2)), width: 20, height: 5) == "\u{1B}[3;1H\u{1B}[K")
  }

  @Test func redrawsEverythingOnANewSize() {
    var renderer = FrameRenderer(usesColour: true)
    _ = renderer.frame(lines, width: 20, height: 5)
    let resized = renderer.frame(lines, width: 30, height: 5)
    #expect(resized.contains("\u{1B}[2J") && resized.contains("title"))
  }

  @Test func leavesColourOutWhenAsked() {
    var plain = FrameRenderer(usesColour: false)
    var coloured = FrameRenderer(usesColour: true)
    let alert = lines + [ScreenLine("lost", .alert)]
    let withoutColour = plain.frame(alert, width: 20, height: 5)
    #expect(!withoutColour.contains("32m") && !withoutColour.contains("31m"))
    #expect(withoutColour.contains("\u{1B}[1mtwo"))
    #expect(coloured.frame(alert, width: 20, height: 5).contains("\u{1B}[1;32mtwo"))
  }

  @Test func readsKeys() {
    #expect(
      WatchKey.keys(in: Array("qp+-x\u{03}".utf8)) == [.leave, .pause, .faster, .slower, .leave]
    )
  }
}
