import ArgumentParser
import Dispatch
import ForageFinder
import ForageLocation
import ForageSupport
import ForageWatch
import ForageWriters
import Foundation
import Synchronization

/// `forage watch`: Show the places near the user live in the terminal, as a track replays or
/// gpsd follows the user.
struct WatchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch",
    abstract: "Show the places around you live in the terminal as a track replays or gpsd moves.",
    discussion: """
      Takes forage run's sources and options (--track or --gpsd, the places API or the \
      in-process mock with --dataset, the places cache file) and draws the run full screen, \
      as one more subscriber of the finder's store: the current fix, the nearest places with \
      their distance, direction, rating and type (+ marks a place that just entered, - one \
      that left), and the requests, cache answers, errors and retries. A track replays in \
      real time unless --speed says otherwise. Keys: q (or Ctrl-C) leaves, p pauses and \
      resumes a replay, + and - double and halve its speed. Leaving puts the terminal back \
      and prints the run's summary; a finished run stays on screen until q. Standard output \
      must be a terminal that can move its cursor (not TERM=dumb); NO_COLOR turns colours \
      off. For every fix's places as text, run forage run --format table.
      Exit codes: 0 done, 64 usage (no terminal), 65 bad track, 69 places API or gpsd \
      unusable, 74 I/O.
      """
  )

  @OptionGroup var source: SourceArguments

  @OptionGroup var finder: FinderArguments

  func validate() throws {
    try source.validate(with: finder)
    if source.isFleet {
      throw ValidationError("forage watch shows one --track; use forage run for several")
    }
    // Standard output is the screen.
    if finder.record == "-" {
      throw ValidationError(
        "--record - would write into the screen forage watch draws on; give it a file"
      )
    }
  }

  func run() async throws {
    try Self.checkTerminal()
    let environment = ProcessInfo.processInfo.environment
    let clock = source.gpsd == nil ? ReplayClock(speed: finder.speed ?? 1) : nil
    let terminal = TerminalScreen(output: STDOUT_FILENO, input: STDIN_FILENO)
    let view = WatchView(terminal: terminal, usesColour: (environment["NO_COLOR"] ?? "").isEmpty)
    let backend = Mutex<PlacesBackend?>(nil)
    let screen: @Sendable () -> WatchScreen = { [subject] in
      WatchScreen(
        subject: subject,
        pace: clock.map(Self.pace),
        requests: backend.withLock { $0?.requestCount } ?? 0,
        isSteerable: clock != nil && terminal.input != nil
      )
    }
    let control = RunControl()
    let (leaving, leave) = AsyncStream<Void>.makeStream()
    let diagnostics = HeldDiagnostics()
    let restoring = SignalCleanup.beforeExit {
      terminal.leave()
      diagnostics.release()
    }
    terminal.enter()
    let sources = Self.listen(terminal: terminal, view: view) { key in
      switch key {
      case .leave:
        control.stop()
        clock?.finish()
        leave.yield()
      case .pause: clock?.togglePause()
      case .faster: if let clock { clock.setSpeed(clock.speed * 2) }
      case .slower: if let clock { clock.setSpeed(clock.speed / 2) }
      }
      view.setNeedsDrawing()
      view.draw(screen())
    }
    let drawing = Task {
      while !Task.isCancelled {
        view.draw(screen())
        try? await Task.sleep(for: WatchView.frameInterval)
      }
    }
    func restore() {
      drawing.cancel()
      for source in sources { source.cancel() }
      terminal.leave()
      SignalCleanup.removeBeforeExit(restoring)
      diagnostics.release()
    }
    let summary: RunSummary
    do {
      summary = try await source.run(
        finder: finder,
        options: {
          var options = try finder.options()
          if let clock { options.pacing = .steered(clock) }
          return options
        },
        view: SessionView(
          subscriber: { view.subscribe(to: $0) },
          backendStarted: { started in backend.withLock { $0 = started } },
          control: control
        )
      )
    } catch {
      restore()
      throw error
    }
    // A finished run stays on screen until the user leaves (when keys can be read).
    if !control.isStopped, terminal.input != nil {
      for await _ in leaving { break }
    }
    restore()
    let writer = TableWriter(sink: StandardOutputSink())
    do {
      try writer.write(FinderEvent(seq: 0, time: Date(), payload: .summary(summary)))
      try writer.finish()
    } catch let error as OutputError {
      throw outputFailureExit(error)
    }
  }

  /// What is watched, for the title bar.
  private var subject: String {
    if let gpsd = source.gpsd { return "gpsd \(gpsd)" }
    return "track " + PathName(InputFile.displayName(source.track ?? "-")).lastComponent
  }

  /// How a replay runs now, for the title bar.
  private static func pace(_ clock: ReplayClock) -> String {
    let speed = clock.speed
    let text =
      speed == 1
      ? "real time"
      : speed == speed.rounded() ? "×\(Int(speed))" : "×" + String(format: "%.3g", speed)
    return clock.isPaused ? "paused (\(text))" : text
  }

  /// Refuses to draw anywhere but on a terminal that can move its cursor (exit 64).
  private static func checkTerminal() throws {
    let advice =
      "for every fix's places as text, run forage run --format table with the same options"
    guard isatty(STDOUT_FILENO) == 1 else {
      printError("forage watch draws on a terminal, and standard output is not one; \(advice)")
      throw Sysexits.usage
    }
    let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
    guard !term.isEmpty, term != "dumb" else {
      printError(
        "forage watch needs a terminal that can move its cursor, and TERM is "
          + (term.isEmpty ? "not set" : "dumb") + "; \(advice)"
      )
      throw Sysexits.usage
    }
  }

  /// Starts reading keys and following the terminal's size; returns the sources to cancel.
  private static func listen(
    terminal: TerminalScreen,
    view: WatchView,
    onKey: @escaping @Sendable (WatchKey) -> Void
  ) -> [any DispatchSourceProtocol] {
    signal(SIGWINCH, SIG_IGN)
    let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
    resize.setEventHandler { view.setNeedsDrawing(clearing: true) }
    resize.resume()
    guard let input = terminal.input else { return [resize] }
    let keys = DispatchSource.makeReadSource(
      fileDescriptor: input,
      queue: DispatchQueue(label: "forage-keys")
    )
    keys.setEventHandler {
      var bytes = [UInt8](repeating: 0, count: 64)
      let count = bytes.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
      guard count > 0 else {
        // The terminal went away (hung up): nothing more to read.
        if count == 0 { keys.cancel() }
        return
      }
      for key in WatchKey.keys(in: bytes.prefix(count)) { onKey(key) }
    }
    keys.resume()
    return [resize, keys]
  }
}
