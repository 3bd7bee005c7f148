import ForageWatch
import Testing

/// Text takes the cells a terminal gives it, and is cut to fit a width without splitting a
/// character.
@Suite struct TerminalCellsTests {
  @Test func countsWideAndCombiningCharacters() {
    #expect(TerminalCells.width(of: "abc") == 3)
    #expect(TerminalCells.width(of: "寿司") == 4)
    #expect(TerminalCells.width(of: "e\u{301}") == 1)
    #expect(TerminalCells.width(of: "🍣") == 2)
  }

  @Test func fitsEveryNameIntoEveryWidth() {
    for name in WatchFixtures.hostileNames.compactMap({ $0 }) {
      for width in 0...40 {
        let fitted = TerminalCells.fit(name, width: width)
        #expect(TerminalCells.width(of: fitted) <= width, "\(name) in \(width)")
        #expect(TerminalCells.width(of: TerminalCells.pad(name, width: width)) == width)
        if TerminalCells.width(of: name) <= width { #expect(fitted == name) }
      }
    }
  }

  @Test func cutsWithAnEllipsis() {
    #expect(TerminalCells.fit("Ravintola", width: 5) == "Ravi…")
    #expect(TerminalCells.fit("寿司寿司", width: 4) == "寿…")
  }
}
