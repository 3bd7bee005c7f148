import ForageFinder
import ForagePlaceModel
import Synchronization

// The README's custom middleware, word for word: it must compile and work.

/// Tells once about each place rated 4.5 or more that comes within 100 m.
func topRatedNearby(tell: @escaping @Sendable (NearbyPlace) -> Void) -> FinderMiddleware {
  FinderMiddleware(
    "top-rated-nearby",
    setUp: { _ in
      let told = Mutex(Set<String>())  // per run: a new set for every run
      return { context, action, next in
        next(action)
        guard case .placesAnswered(let answer) = action else { return }
        for place in answer.places where place.distance <= 100 && (place.place.rating ?? 0) >= 4.5 {
          if told.withLock({ $0.insert(place.id).inserted }) { tell(place) }
        }
      }
    }
  )
}
