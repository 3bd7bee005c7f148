import ForageCoverage
import ForageLocation
import Foundation

/// Everything that happens in a finder run, as values: the store's only input.
///
/// A recording of these actions, re-reduced without network, reproduces the run's output.
public enum FinderAction: Sendable, Equatable {
  /// A location event at a time on the replay's clock.
  case location(LocationAction, at: Date)
  /// The places middleware answered a delivered fix.
  case placesAnswered(PlacesAnswer)
  /// A places search failed.
  case placesFailed(PlacesFailure)
  /// The notification middleware's queue settled at the end of the track: what it sent and
  /// dropped, for the summary.
  case notificationsSettled(NotificationTally)
  /// The places middleware's searched area at the end of the track, for the summary and a map
  /// (only when the output asks for it: ``EventWriter/wantsCoverage``).
  case coverageSettled(CoverageOutline)
  /// The notices the places data asks to be shown with it, at the end of the track, when the
  /// API's answers added any to those known at the start (Google's `html_attributions`,
  /// Overpass's copyright): the summary's whole `attribution`.
  case attributionSettled(String)
  /// The track ended; the summary follows. `requests` counts every HTTP request the run made,
  /// and `requestsBySKU` those whose SKU is known by what each is billed as
  /// (`ForageProviders/PlacesSKU/id`); empty when none is known.
  case runFinished(at: Date, requests: Int, requestsBySKU: [String: Int] = [:])
  /// A replay stopped before the recorded run's end (`forage replay --until`, or a recording
  /// cut short): the summary follows, of what happened so far, marked `"complete": false`.
  /// Requests are not recorded one by one, so its `requests` is a lower bound: one per answer
  /// from the network and one per error.
  case runCutShort(at: Date)

  /// The location action inside, if this is one.
  public var location: LocationAction? {
    if case .location(let action, _) = self { return action }
    return nil
  }
}
