import ForagePlaceModel
import ForageSupport
import Foundation
import Synchronization

/// Decides whether places are open at a fix's time from the hours their source gave, in the
/// place's local time, and counts the places it could not decide, by reason.
///
/// Safe to share: an OpenStreetMap value is parsed once and kept, behind the lock, with the
/// places it could not decide.
public final class HoursJudge: Sendable {
  /// What the judge keeps between verdicts.
  private struct Memory {
    var parsed: [String: Result<OpeningHours, OpeningHoursError>] = [:]
    var undecided: [UnknownHoursReason: Set<String>] = [:]
    /// The first hours that could not be read, with why, for the warning.
    var firstUnreadable: UnreadableExample?
  }

  /// The zone local times are read in when a place's source gives no UTC offset.
  public let timeZone: TimeZone?
  /// Which days are public holidays.
  public let publicHolidays: PublicHolidays
  private let memory = Mutex(Memory())

  /// Creates a judge.
  ///
  /// - Parameters:
  ///   - timeZone: The zone of the places (`--timezone`), or `nil` when not given: hours that
  ///     need one are then unknown.
  ///   - publicHolidays: The public holidays, or unknown.
  public init(timeZone: TimeZone?, publicHolidays: PublicHolidays = .unknown) {
    self.timeZone = timeZone
    self.publicHolidays = publicHolidays
  }

  /// Whether `place` is open at `time`, and notes it when that cannot be told.
  public func verdict(for place: Place, at time: Date?) -> OpenVerdict {
    let verdict = decide(place, at: time)
    if case .unknown(let reason) = verdict {
      memory.withLock { _ = $0.undecided[reason, default: []].insert(place.id) }
    }
    return verdict
  }

  private func decide(_ place: Place, at time: Date?) -> OpenVerdict {
    switch place.openingHours {
    case nil:
      return .unknown(.noHours)
    case .unreadable(let why):
      memory.withLock { memory in
        if memory.firstUnreadable == nil {
          memory.firstUnreadable = UnreadableExample(text: "periods", reason: why)
        }
      }
      return .unknown(.unreadable)
    case .weekly(let week):
      guard let time else { return .unknown(.noFixTime) }
      guard week.utcOffsetMinutes != nil || timeZone != nil else {
        return .unknown(.needsTimeZone)
      }
      return Self.verdict(week.state(at: time, zone: timeZone), undecided: .undecided)
    case .openStreetMap(let text):
      let hours: OpeningHours
      switch parsed(text) {
      case .success(let value): hours = value
      case .failure: return .unknown(.unreadable)
      }
      if let always = hours.stateAtAnyTime() { return always ? .open : .closed }
      guard let time else { return .unknown(.noFixTime) }
      guard let timeZone else { return .unknown(.needsTimeZone) }
      return Self.verdict(
        hours.state(at: time, in: timeZone, publicHolidays: publicHolidays),
        undecided: .undecided
      )
    }
  }

  private static func verdict(_ state: Bool?, undecided: UnknownHoursReason) -> OpenVerdict {
    switch state {
    case true?: .open
    case false?: .closed
    case nil: .unknown(undecided)
    }
  }

  /// The value parsed, once per distinct text.
  private func parsed(_ text: String) -> Result<OpeningHours, OpeningHoursError> {
    if let known = memory.withLock({ $0.parsed[text] }) { return known }
    let result: Result<OpeningHours, OpeningHoursError>
    do {
      result = .success(try OpeningHours(text))
    } catch {
      result = .failure(error)
    }
    memory.withLock { memory in
      memory.parsed[text] = result
      if case .failure(let error) = result, memory.firstUnreadable == nil {
        memory.firstUnreadable = UnreadableExample(
          text: TerminalText.excerpt(text, around: error.character),
          reason: error.description
        )
      }
    }
    return result
  }

  /// The places it could not decide, by reason, each place counted once per reason.
  public func tally() -> HoursTally {
    memory.withLock { memory in
      HoursTally(
        counts: memory.undecided.mapValues(\.count),
        total: memory.undecided.values.reduce(into: Set<String>()) { $0.formUnion($1) }.count,
        firstUnreadable: memory.firstUnreadable
      )
    }
  }
}
