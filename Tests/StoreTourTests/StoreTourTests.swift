import ForageTestSupport
import Testing

/// `store-tour`: the ForageStore tour prints the same story on every run.
@Suite struct StoreTourTests {
  @Test func printsTheTourAndExitsCleanly() throws {
    let result = try BuiltBinary.run("store-tour", [])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let expected = """
      ForageStore tour
      1. subscribe to \\.radius (Equatable: repeats are skipped); the value arrives at once
          subscriber: radius is 500
      2. dispatch radiusChanged(800) twice; the second is a repeat
        dispatch radiusChanged(800)
          subscriber: radius is 800
          logging middleware: radius 500 -> 800
        dispatch radiusChanged(800)
          logging middleware: no change
      3. a subscriber that dispatches: its action is queued after the current one
          subscriber: 0 places
      4. two searches with the same cancellation id; the second cancels the first
        dispatch searchRequested("ramen")
          logging middleware: query "" -> "ramen"
        dispatch searchRequested("pho")
          logging middleware: query "ramen" -> "pho"
        the network answers both; the cancelled effect's result is dropped
        dispatch placesLoaded(query: "pho", places: ["pho house (800 m)", "pho bar (800 m)"])
          subscriber: 2 places
          subscriber: returned from dispatch
          logging middleware: places [] -> ["pho house (800 m)", "pho bar (800 m)"]
        dispatch noted("showed 2 places")
          logging middleware: notes +"showed 2 places"
      5. idle: query "pho", 2 places, notes ["showed 2 places"]
      6. for await over store.values(of: \\.radius): the current value, then each change
        dispatch radiusChanged(1000)
          subscriber: radius is 1000
          logging middleware: radius 800 -> 1000
        dispatch radiusChanged(1000)
          logging middleware: no change
        dispatch radiusChanged(1200)
          subscriber: radius is 1200
          logging middleware: radius 1000 -> 1200
          radii seen: [800, 1000, 1200]
      7. await store.send(searchRequested("udon")): returns once its search has answered
        dispatch searchRequested("udon")
          logging middleware: query "pho" -> "udon"
        dispatch placesLoaded(query: "udon", places: ["udon house (1200 m)", "udon bar (1200 m)"])
          subscriber: 2 places
          subscriber: returned from dispatch
          logging middleware: places ["pho house (800 m)", "pho bar (800 m)"] -> ["udon house (1200 m)", "udon bar (1200 m)"]
        dispatch noted("showed 2 places")
          logging middleware: notes +"showed 2 places"
          send returned: ["udon house (1200 m)", "udon bar (1200 m)"]

      """
    #expect(result.stdout == expected)
  }
}
