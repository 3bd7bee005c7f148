import ForageLocation

/// Everything that shapes a finder run except where places come from.
public struct FinderOptions: Sendable {
  /// What is searched at every fix.
  public var query: PlacesQuery
  /// When the places middleware spends a request.
  public var policy: QueryPolicy
  /// What the simulated user does about permission.
  public var scenario: PermissionScenario
  /// Which fixes reach the app.
  public var filter: FixFilter
  /// How fast the replay runs.
  public var pacing: Pacing
  /// Noise and dropouts added to the track.
  public var perturbation: SimulatedGPS.Perturbation
  /// Whether `places` events are written only when the answer changes.
  public var isChangesOnly: Bool
  /// Whether the event writer runs on a thread of its own, beside the store (the default and
  /// the faster: serialising and writing cost about as much as answering a fix); false writes
  /// each event on the thread that runs the store, before it takes the next action.
  public var writesOnOwnThread: Bool

  /// Creates options; the defaults are `forage run`'s.
  public init(
    query: PlacesQuery = PlacesQuery(),
    policy: QueryPolicy = .coverage,
    scenario: PermissionScenario = .granted,
    filter: FixFilter = .standard(),
    pacing: Pacing = .virtual,
    perturbation: SimulatedGPS.Perturbation = .none,
    isChangesOnly: Bool = false,
    writesOnOwnThread: Bool = true
  ) {
    self.query = query
    self.policy = policy
    self.scenario = scenario
    self.filter = filter
    self.pacing = pacing
    self.perturbation = perturbation
    self.isChangesOnly = isChangesOnly
    self.writesOnOwnThread = writesOnOwnThread
  }
}
