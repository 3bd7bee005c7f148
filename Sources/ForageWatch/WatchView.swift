import ForageFinder
import ForageStore
import Synchronization

/// The live terminal view of a run: one more subscriber of the finder's store.
///
/// The subscription only takes note of what changed (``take(_:)``, on the store's thread);
/// drawing happens apart, at most once a ``frameInterval``, in ``draw(_:)``, and only when
/// something changed, so the replay never waits for the terminal and a fast replay costs a
/// few redraws a second.
public final class WatchView: Sendable {
  /// The shortest time between two frames: at most five redraws a second.
  public static let frameInterval: Duration = .milliseconds(200)

  private struct Pending {
    var model = WatchModel()
    var isChanged = true
  }

  private let pending = Mutex(Pending())
  private let renderer: Mutex<FrameRenderer>
  /// The terminal drawn on.
  public let terminal: TerminalScreen

  /// Creates a view drawing on `terminal`, in colour unless `usesColour` is false.
  public init(terminal: TerminalScreen, usesColour: Bool) {
    self.terminal = terminal
    renderer = Mutex(FrameRenderer(usesColour: usesColour))
  }

  /// Subscribes the view to a run's store (a ``ForageFinder/FinderSubscriber``).
  public func subscribe(to store: Store<FinderState, FinderAction>) -> SubscriptionToken {
    store.subscribe(select: WatchSnapshot.init) { [self] snapshot in take(snapshot) }
  }

  /// Takes a snapshot of the store's state into the model; the next ``draw(_:)`` shows it.
  public func take(_ snapshot: WatchSnapshot) {
    pending.withLock { pending in
      pending.model.apply(snapshot)
      pending.isChanged = true
    }
  }

  /// Asks the next ``draw(_:)`` to draw (keys changed the title, or the terminal its size).
  public func setNeedsDrawing(clearing: Bool = false) {
    pending.withLock { $0.isChanged = true }
    if clearing { renderer.withLock { $0.invalidate() } }
  }

  /// The model as the view holds it now.
  public var model: WatchModel { pending.withLock { $0.model } }

  /// Draws the screen if anything changed since the last draw.
  public func draw(_ screen: WatchScreen) {
    let (model, isChanged) = pending.withLock { pending in
      defer { pending.isChanged = false }
      return (pending.model, pending.isChanged)
    }
    guard isChanged else { return }
    let size = terminal.size
    let lines = screen.lines(for: model, width: size.width, height: size.height)
    renderer.withLock { renderer in
      let bytes = renderer.frame(lines, width: size.width, height: size.height)
      if !bytes.isEmpty { terminal.write(bytes) }
    }
  }
}
