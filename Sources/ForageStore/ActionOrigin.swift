/// Where an action the store processes came from.
enum ActionOrigin: Sendable {
  /// ``Store/dispatch(_:)``.
  case external
  /// The test store.
  case tester
  /// ``Store/send(_:)``.
  case sent(SendRecord)
  /// ``MiddlewareContext/dispatch(_:)``, from a context made for an action that `cause` caused,
  /// if any.
  case middleware(cause: SendRecord?)
  /// A running effect's ``Send``.
  case effect(EffectRecord)

  /// The send that caused the action, if one did.
  var cause: SendRecord? {
    switch self {
    case .external, .tester: nil
    case .sent(let record): record
    case .middleware(let cause): cause
    case .effect(let record): record.cause
    }
  }

  /// The effect that sent the action, if one did.
  var effect: EffectRecord? {
    if case .effect(let record) = self { record } else { nil }
  }
}
