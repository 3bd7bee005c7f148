import ForageFinder
import ForageGeodesy
import ForagePlaceModel
import ForageSupport
import Foundation

/// Lays the watch model out on a screen of a given size: a pure function of the model, so
/// the same model and size give the same lines.
///
/// Nothing is drawn past the width, and a small screen shows fewer places (then fewer lines),
/// never a broken layout. Text from the data (names, types, messages, the attribution) has its
/// control and bidirectional characters escaped before it is measured.
public struct WatchScreen: Sendable {
  /// What is watched, for the title bar: `track walk.gpx`, `gpsd localhost:2947`.
  public var subject: String
  /// How the replay runs, for the title bar (`real time`, `×100`, `paused`), or `nil` live.
  public var pace: String?
  /// HTTP requests sent so far.
  public var requests: Int
  /// Whether keys are read (a replay can be paused and sped up).
  public var isSteerable: Bool

  /// Creates a screen description.
  public init(subject: String, pace: String?, requests: Int, isSteerable: Bool) {
    self.subject = subject
    self.pace = pace
    self.requests = requests
    self.isSteerable = isSteerable
  }

  /// The lines of the screen, at most `height`, none wider than `width` cells.
  public func lines(for model: WatchModel, width: Int, height: Int) -> [ScreenLine] {
    guard width > 0, height > 0 else { return [] }
    var top = [title(), fixLine(model)]
    if let detail = detailLine(model) { top.append(detail) }
    var bottom = [statsLine(model)]
    if let attribution = model.attribution {
      bottom.append(ScreenLine("places data: " + Self.clean(attribution)))
    }
    bottom.append(keysLine(model))
    // On a short screen the details and the attribution go first, so places still show.
    if height - top.count - bottom.count - 2 < 1, top.count > 2 { top.removeLast() }
    if height - top.count - bottom.count - 2 < 1, bottom.count > 2 { bottom.remove(at: 1) }
    let room = max(0, height - top.count - bottom.count - 1)
    var lines = top
    lines.append(contentsOf: placeLines(model, width: width, rows: room))
    lines.append(contentsOf: bottom)
    return lines.prefix(height).map { Self.fitted($0, width: width) }
  }

  private func title() -> ScreenLine {
    let pace = pace.map { " · \($0)" } ?? " · live"
    return ScreenLine("forage watch · \(Self.clean(subject))\(pace)", .title)
  }

  private func fixLine(_ model: WatchModel) -> ScreenLine {
    switch model.fix {
    case .none:
      return ScreenLine("no fix yet", .alert)
    case .fix(let index, let time, let latitude, let longitude, _):
      return ScreenLine(
        "fix \(index)  \(ISO8601.format(time))  \(Self.position(latitude, longitude))",
        .heading
      )
    case .lost(let index, let time):
      return ScreenLine("fix \(index)  \(ISO8601.format(time))  lost: no signal", .alert)
    case .dropped(let index, let time, let reason):
      return ScreenLine(
        "fix \(index)  \(ISO8601.format(time))  dropped: \(Self.clean(reason))",
        .alert
      )
    }
  }

  private func detailLine(_ model: WatchModel) -> ScreenLine? {
    var parts: [String] = []
    if let speed = model.lastFix?.speed, speed.isFinite {
      parts.append(String(format: "speed %.1f m/s", speed))
    }
    if case .fix(_, _, _, _, let accuracy?) = model.fix {
      parts.append(String(format: "accuracy ±%.0f m", accuracy))
    }
    if let permission = model.permission {
      parts.append(
        "permission \(Self.clean(permission.status)) (\(Self.clean(permission.accuracy)))"
      )
    }
    return parts.isEmpty ? nil : ScreenLine(parts.joined(separator: "  "))
  }

  /// The places heading and rows: the answer's places nearest first, then those that left.
  private func placeLines(_ model: WatchModel, width: Int, rows: Int) -> [ScreenLine] {
    let columns = Columns(width: width)
    var lines = [
      columns.heading(source: model.source, fix: model.answeredFix, count: model.nearest.count)
    ]
    guard rows > 0 else { return lines }
    for (rank, row) in model.nearest.prefix(rows).enumerated() {
      let isNew = model.isNew(row)
      lines.append(
        columns.row(
          rank: String(rank + 1),
          mark: isNew ? "+" : " ",
          row.place,
          bearing: bearing(model, row.place),
          style: isNew ? .new : .plain
        )
      )
    }
    for row in model.departed.prefix(rows - (lines.count - 1)) {
      lines.append(columns.row(rank: "", mark: "-", row.place, bearing: nil, style: .fading))
    }
    return lines
  }

  private func bearing(_ model: WatchModel, _ nearby: NearbyPlace) -> Double? {
    guard let origin = model.origin, nearby.distance > 0,
      let from = try? Coordinate(latitude: origin.latitude, longitude: origin.longitude)
    else { return nil }
    return Geodesic.inverse(from, nearby.place.coordinate).azimuth1
  }

  private func statsLine(_ model: WatchModel) -> ScreenLine {
    var runs: [(String, ScreenLine.Style)] = [
      (
        "requests \(requests) · answers \(model.answers) (\(model.cacheAnswers) from cache) · "
          + "errors \(model.errors)",
        .plain
      )
    ]
    if let retrying = model.retrying {
      runs.append((" · retrying: " + Self.clean(retrying), .alert))
    } else if let error = model.lastError {
      runs.append((" · last error: " + Self.clean(error), .alert))
    }
    return ScreenLine(runs)
  }

  private func keysLine(_ model: WatchModel) -> ScreenLine {
    if model.summary != nil { return ScreenLine("finished · q: leave", .heading) }
    return ScreenLine(isSteerable ? "q: leave · p: pause · +/-: speed" : "q: leave")
  }

  /// `latitude, longitude` as degrees with hemispheres.
  static func position(_ latitude: Double, _ longitude: Double) -> String {
    String(
      format: "%.5f %@ %.5f %@",
      abs(latitude),
      latitude < 0 ? "S" : "N",
      abs(longitude),
      longitude < 0 ? "W" : "E"
    )
  }

  /// Untrusted text as the screen shows it: control and bidirectional characters escaped,
  /// tabs and line breaks too.
  static func clean(_ text: String) -> String {
    TerminalText.escaped(text, keepingTabs: false)
  }

  /// `line` with its runs cut so the whole takes at most `width` cells.
  static func fitted(_ line: ScreenLine, width: Int) -> ScreenLine {
    guard TerminalCells.width(of: line.text) > width else { return line }
    var runs: [(text: String, style: ScreenLine.Style)] = []
    var room = width
    for run in line.runs where room > 0 {
      let text = TerminalCells.fit(run.text, width: room)
      runs.append((text, run.style))
      room -= TerminalCells.width(of: text)
    }
    return ScreenLine(runs)
  }
}
