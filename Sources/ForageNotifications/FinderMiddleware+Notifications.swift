import ForageFinder
import Synchronization

extension FinderMiddleware {
  /// POSTs a ``PlaceNotification`` each time a place enters the answer for the first time in the
  /// run, through a bounded queue that never slows the replay; the summary gains
  /// `notifications_sent` and `notifications_dropped`.
  ///
  /// When the track ends the queue gets up to ``NotificationConfiguration/flushTimeout`` to empty;
  /// then the totals are dispatched as ``FinderAction/notificationsSettled(_:)``.
  ///
  /// - Parameter configuration: The receiver, the queue's size and the retry policy.
  public static func notifications(_ configuration: NotificationConfiguration) -> FinderMiddleware {
    FinderMiddleware(
      "notifications",
      setUp: { setup in
        let notifier = PlaceNotifier(configuration: configuration)
        let notified = Mutex(Set<String>())
        setup.onTrackEnd { [.notificationsSettled(await notifier.finish())] }
        return { context, action, next in
          next(action)
          guard case .placesAnswered(let answer) = action else { return }
          let state = context.state
          // An answer for an older fix than one already answered is ignored by the reducer.
          guard state.lastAnsweredFix == answer.fixIndex else { return }
          let entered = notified.withLock { seen in
            answer.places.filter { seen.insert($0.place.id).inserted }
          }
          for place in entered {
            notifier.enqueue(
              PlaceNotification(
                place: place,
                fixIndex: answer.fixIndex,
                latitude: answer.latitude,
                longitude: answer.longitude,
                time: state.now
              )
            )
          }
        }
      }
    )
  }
}
