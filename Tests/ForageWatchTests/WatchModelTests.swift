import ForageFinder
import ForageWatch
import Foundation
import Testing

/// The model follows the answers: places that enter are new for a while, places that leave
/// fade out, and the fix's state and the failures are kept.
@Suite struct WatchModelTests {
  let a = WatchFixtures.place("a", name: "Alpha", distance: 10)
  let b = WatchFixtures.place("b", name: "Beta", distance: 20)
  let c = WatchFixtures.place("c", name: "Gamma", distance: 30)

  @Test func marksPlacesThatEnterAndFadesThoseThatLeave() {
    var model = WatchModel()
    model.apply(WatchSnapshot(events: [WatchFixtures.answer([a, b], at: 0)]))
    #expect(model.nearest.map(\.place.id) == ["a", "b"])
    #expect(model.nearest.allSatisfy(model.isNew))

    model.apply(WatchSnapshot(events: [WatchFixtures.answer([b, c], at: 30, seq: 1)]))
    #expect(model.nearest.map(\.place.id) == ["b", "c"])
    #expect(model.nearest.map(model.isNew) == [false, true])
    #expect(model.departed.map(\.place.id) == ["a"])

    // A place that comes back is in the answer, not fading.
    model.apply(WatchSnapshot(events: [WatchFixtures.answer([a, c], at: 35, seq: 2)]))
    #expect(model.departed.map(\.place.id) == ["b"])
    #expect(model.nearest.map(model.isNew) == [true, true])

    // Past the fading time, what left is gone.
    model.apply(WatchSnapshot(events: [WatchFixtures.answer([a, c], at: 60, seq: 3)]))
    #expect(model.departed.isEmpty)
    #expect(model.nearest.map(model.isNew) == [false, false])
  }

  @Test func followsTheFixAndTheFailures() {
    var model = WatchModel()
    #expect(model.fix == .none)
    let time = Date(timeIntervalSince1970: 5)
    model.apply(
      WatchSnapshot(events: [
        FinderEvent(seq: 0, time: time, payload: .lost(fixIndex: 3)),
        FinderEvent(
          seq: 1,
          time: time,
          payload: .error(kind: "timeout", message: "no answer", isRetrying: true)
        ),
      ])
    )
    #expect(model.fix == .lost(index: 3, time: time))
    #expect(model.retrying == "timeout: no answer")
    #expect(model.errors == 1)
    model.apply(WatchSnapshot(events: [WatchFixtures.answer([a], at: 6, seq: 2)]))
    #expect(model.retrying == nil)
  }
}
