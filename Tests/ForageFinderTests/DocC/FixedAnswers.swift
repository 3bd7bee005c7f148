import ForageFinder
import ForageGeodesy
import ForagePlaceModel

// The stand-in of the article "Writing a middleware" (ForageFinder.docc), word for word between
// the markers: DocCSnippetTests checks the article against this file, and
// NearestPlaceNotesTests runs it.

// docc-snippet: stand-in
/// Answers every delivered fix from a list of places, nearest first, as if they were all there
/// is: a stand-in for the places middleware, to try a writer or a view with no Places API.
func fixedAnswers(_ places: [Place]) -> FinderMiddleware {
  FinderMiddleware("fixed-places") { context, action, next in
    next(action)
    // The reducer has run the location machine: did this fix reach the app?
    guard case .location(.fixReceived(let index, _, _), _) = action,
      let decision = context.state.location.lastDecision, decision.index == index,
      case .deliver(let fix) = decision.decision
    else { return }
    let query = context.state.query
    let here = Coordinate(unchecked: fix.latitude, longitude: fix.longitude)
    let nearby =
      places
      .map { NearbyPlace($0, distance: Geodesic.distance(here, $0.coordinate)) }
      .filter { $0.distance <= query.radius }
      .sorted { ($0.distance, $0.id) < ($1.distance, $1.id) }
    let answer = PlacesAnswer(
      fixIndex: index,
      latitude: fix.latitude,
      longitude: fix.longitude,
      radius: query.radius,
      source: .cache,
      places: Array(nearby.prefix(query.limit))
    )
    context.dispatch(.placesAnswered(answer))  // queued: reduced after this action
  }
}
// docc-snippet-end
