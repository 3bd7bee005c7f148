import ForageFinder
import ForageProviders
import ForageWriters
import Foundation

// The example of the article "Assembling a finder" (ForageFinder.docc), word for word between
// the markers: DocCSnippetTests checks the article against this file, and WalkFinderTests runs
// it.

// docc-snippet: insert
extension Finder {
  /// Puts `link` just before the places middleware (at the end when there is none), where
  /// it sees every action before `places` and the reducer do.
  mutating func insertBeforePlaces(_ link: FinderMiddleware) {
    let places = middleware.firstIndex { $0.name == "places" } ?? middleware.endIndex
    middleware.insert(link, at: places)
  }
}
// docc-snippet-end

// docc-snippet: assemble
/// A finder for a walk: the five nearest restaurants within 300 m of every fix, searched
/// through `provider`, with nearest-place notes after the places middleware.
func makeWalkFinder(provider: any PlacesProvider, notes: NoteClient) -> Finder {
  var finder = Finder(
    options: FinderOptions(query: PlacesQuery(radius: 300, limit: 5, type: "restaurant")),
    middleware: Finder.defaultMiddleware(provider: provider)
  )
  finder.middleware.append(.nearestPlaceNotes(notes))
  return finder
}
// docc-snippet-end

// docc-snippet: run
/// Replays a track file (GPX, GeoJSON or NMEA) through `finder` and returns its NDJSON output,
/// one event a line, with the run's totals.
func replay(_ trackURL: URL, through finder: Finder) async throws -> (String, RunSummary) {
  let track = try ReplayTrack.prepare(url: trackURL)
  let output = StringSink()
  let outcome = try await finder.run(track: track, writer: NDJSONWriter(sink: output))
  if let failure = outcome.fatalFailure { print("stopped:", failure.message) }
  return (output.text, outcome.summary)
}
// docc-snippet-end
