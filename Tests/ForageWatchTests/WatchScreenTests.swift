import ForageFinder
import ForageWatch
import Foundation
import Testing

/// The screen fits any size, shows the nearest places first, fewer on a small screen, and lets
/// no control or bidirectional character from the data through.
@Suite struct WatchScreenTests {
  let screen = WatchScreen(subject: "track walk.gpx", pace: "×100", requests: 3, isSteerable: true)

  /// A model whose answer holds every hostile name, with one that left and a retry going on.
  var model: WatchModel {
    var model = WatchModel()
    let names = WatchFixtures.hostileNames
    let places = names.indices.map {
      WatchFixtures.place("p\($0)", name: names[$0], distance: Double(10 + $0 * 7))
    }
    model.apply(
      WatchSnapshot(
        events: [
          FinderEvent(
            seq: 0,
            time: Date(timeIntervalSince1970: 0),
            payload: .location(fixIndex: 0, latitude: 60.171, longitude: 24.944, accuracy: 5)
          ),
          WatchFixtures.answer(
            [WatchFixtures.place("gone", name: "Left\u{1B}[H", distance: 5)],
            at: 0,
            seq: 1
          ),
          WatchFixtures.answer(places, at: 1, seq: 2),
          FinderEvent(
            seq: 3,
            time: Date(timeIntervalSince1970: 1),
            payload: .error(kind: "http", message: "503\u{1B}[2J", isRetrying: true)
          ),
        ],
        answers: 2,
        attribution: "© OSM\u{202E}"
      )
    )
    return model
  }

  @Test func fitsEverySize() {
    let model = model
    for width in Array(1...24) + Array(stride(from: 30, through: 130, by: 10)) {
      for height in Array(1...14) + [20, 30, 45] {
        let lines = screen.lines(for: model, width: width, height: height)
        #expect(lines.count <= height, "\(width)×\(height)")
        for line in lines {
          #expect(TerminalCells.width(of: line.text) <= width, "\(width)×\(height): \(line.text)")
        }
      }
    }
  }

  @Test func letsNoControlOrBidiCharacterThrough() {
    let lines = screen.lines(for: model, width: 200, height: 60)
    for line in lines {
      for scalar in line.text.unicodeScalars {
        let value = scalar.value
        #expect(!(value < 0x20 || (0x7F...0x9F).contains(value)), "\(line.text)")
        #expect(!(0x202A...0x202E).contains(value) && !(0x2066...0x2069).contains(value))
      }
    }
  }

  @Test func showsTheNearestFirstAndFewerOnASmallScreen() throws {
    let tall = screen.lines(for: model, width: 100, height: 40).map(\.text)
    let short = screen.lines(for: model, width: 100, height: 10).map(\.text)
    let first = try #require(tall.firstIndex { $0.contains("Plain Café") })
    let second = try #require(tall.firstIndex { $0.contains("Red") })
    #expect(first < second)
    #expect(tall.contains { $0.contains("- Left") })
    #expect(short.count == 10)
    #expect(short.contains { $0.contains("Plain Café") })
    #expect(!short.contains { $0.contains("Left") })
    #expect(short.last?.contains("q: leave") == true)
  }

  @Test func dropsColumnsOnANarrowScreen() {
    let wide = screen.lines(for: model, width: 100, height: 40).map(\.text).joined()
    let narrow = screen.lines(for: model, width: 30, height: 40).map(\.text).joined()
    #expect(wide.contains("TYPE") && wide.contains("RATING") && wide.contains("↑"))
    #expect(!narrow.contains("TYPE") && !narrow.contains("RATING"))
  }
}
