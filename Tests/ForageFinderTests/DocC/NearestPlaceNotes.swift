import ForageFinder
import ForageHTTP
import ForagePlaceModel
import ForageStore
import Foundation
import Synchronization

// The middleware of the article "Writing a middleware" (ForageFinder.docc), word for word
// between the markers: DocCSnippetTests checks the article against this file, and
// NearestPlaceNotesTests runs it.

// docc-snippet: note
/// A note that the nearest place changed: for which fix, which place, how far.
struct PlaceNote: Sendable, Equatable, Codable {
  var fixIndex: Int
  var placeID: String
  var name: String
  var distance: Double
}

/// Where notes go: a service (``posting(to:using:)``), or a test double.
struct NoteClient: Sendable {
  /// Delivers one note; throws when it cannot.
  var deliver: @Sendable (PlaceNote) async throws -> Void
}
// docc-snippet-end

// docc-snippet: live-client
extension NoteClient {
  /// Posts each note as JSON to `url`, through libcurl by default.
  static func posting(to url: URL, using http: any HTTPTransport = HTTPClient()) -> NoteClient {
    NoteClient { note in
      let request = HTTPRequest(
        method: "POST",
        url: url,
        headers: [("Content-Type", "application/json")],
        body: try JSONEncoder().encode(note),
        timeout: .seconds(5)
      )
      let response = try await http.send(request)
      guard (200..<300).contains(response.status) else {
        throw NoteRefused(status: response.status)
      }
    }
  }
}

/// The note service answered with an error status.
struct NoteRefused: Error, Equatable {
  var status: Int
}
// docc-snippet-end

// docc-snippet: middleware
/// The cancellation id of note deliveries: a new one cancels the one still on its way.
struct NoteDelivery: Hashable, Sendable {}

/// Notes every change of the nearest place in the finder's answers and delivers each note as an
/// effect. A note still on its way when the nearest place changes again is cancelled (latest
/// wins); a note that fails is dropped, as the next change brings a new one.
func makeNearestPlaceNotes(_ client: NoteClient) -> Middleware<FinderState, FinderAction> {
  let lastNoted = Mutex<String?>(nil)
  return Middleware { context, action, next in
    next(action)  // the reducer first: the state below is the state after the action
    guard case .placesAnswered(let answer) = action,
      context.state.lastAnsweredFix == answer.fixIndex,  // not a late answer the reducer ignored
      let nearest = answer.places.first
    else { return }
    let isNew = lastNoted.withLock { last in
      defer { last = nearest.id }
      return last != nearest.id
    }
    guard isNew else { return }
    let note = PlaceNote(
      fixIndex: answer.fixIndex,
      placeID: nearest.id,
      name: nearest.place.displayName,
      distance: nearest.distance
    )
    context.run(id: NoteDelivery()) { _ in
      try? await client.deliver(note)
    }
  }
}

extension FinderMiddleware {
  /// The nearest-place notes for a finder: made afresh for every run, so no run sees the
  /// place another run noted last.
  static func nearestPlaceNotes(_ client: NoteClient) -> FinderMiddleware {
    FinderMiddleware(
      "nearest-place-notes",
      storeMiddleware: { _ in makeNearestPlaceNotes(client) }
    )
  }
}
// docc-snippet-end
