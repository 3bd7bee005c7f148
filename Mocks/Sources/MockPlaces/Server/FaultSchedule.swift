import ForageSupport
import Synchronization

/// The fault rules a running server applies, changeable while it serves.
///
/// Thread-safe: connections on several event loops consult it while the admin endpoint edits it.
public final class FaultSchedule: Sendable {
  /// One rule and how many requests it has seen and fired on.
  public struct Status: Sendable, Equatable {
    /// The rule.
    public var rule: FaultRule
    /// Requests that reached the rule and matched its path.
    public var seen: Int
    /// Requests the rule was applied to.
    public var fired: Int
  }

  private struct Entry {
    var status: Status
    var random: SplitMix64
  }

  private let entries: Mutex<[Entry]>
  /// How many rules are in force, kept beside the lock so a request with no rules to consult
  /// never takes it.
  private let ruleCount = Atomic(0)

  /// Creates a schedule holding `rules` in order.
  public init(_ rules: [FaultRule] = []) {
    entries = Mutex([])
    for rule in rules { add(rule) }
  }

  /// The rules still in force (spent `next:N` rules are dropped), in order.
  public var rules: [FaultRule] { statuses.map(\.rule) }

  /// The rules still in force with their counters.
  public var statuses: [Status] { entries.withLock { $0.map(\.status) } }

  /// Appends a rule; it is tried after the existing ones.
  public func add(_ rule: FaultRule) {
    var seed: UInt64 = 0
    if case .fraction(_, let ruleSeed) = rule.selector { seed = ruleSeed }
    let entry = Entry(status: Status(rule: rule, seen: 0, fired: 0), random: SplitMix64(seed: seed))
    entries.withLock { entries in
      entries.append(entry)
      ruleCount.store(entries.count, ordering: .releasing)
    }
  }

  /// Parses a spec (see ``FaultRule``) and appends the rule.
  ///
  /// - Returns: The rule added.
  /// - Throws: ``FaultSpecError`` when the spec does not parse.
  @discardableResult
  public func add(parsing spec: String) throws(FaultSpecError) -> FaultRule {
    let rule = try FaultRule(parsing: spec)
    add(rule)
    return rule
  }

  /// Removes every rule.
  public func clear() {
    entries.withLock { entries in
      entries.removeAll()
      ruleCount.store(0, ordering: .releasing)
    }
  }

  /// Decides the fault for one request on `path`, advancing the counters of the rules it reaches.
  func fault(forPath path: String) -> FaultRule? {
    guard ruleCount.load(ordering: .acquiring) > 0 else { return nil }
    return entries.withLock { entries in
      for index in entries.indices where entries[index].status.rule.matches(path: path) {
        entries[index].status.seen += 1
        let seen = entries[index].status.seen
        let fires: Bool
        switch entries[index].status.rule.selector {
        case .always: fires = true
        case .every(let period): fires = seen % period == 0
        case .next: fires = true
        case .fraction(let fraction, _): fires = entries[index].random.unit() < fraction
        }
        guard fires else { continue }
        entries[index].status.fired += 1
        let rule = entries[index].status.rule
        if case .next(let count) = rule.selector, entries[index].status.fired >= count {
          entries.remove(at: index)
          ruleCount.store(entries.count, ordering: .releasing)
        }
        return rule
      }
      return nil
    }
  }
}
