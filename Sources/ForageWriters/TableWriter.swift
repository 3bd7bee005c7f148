import ForageFinder
import ForagePlaceModel
import ForageSupport
import Foundation

/// Writes an aligned text table for people: one row per answered fix, notes for everything else,
/// and the totals at the end.
///
/// Text from the data or the network (names, messages) is shown with its control characters
/// escaped (``ForageSupport/TerminalText``): a table goes to terminals. `OPEN` counts the answer's
/// places open at the fix's time of those whose hours could tell (`3/5`). A time forage made up
/// (the track gave none) ends in `~`, as in `2000-01-01T00:00:05Z~`.
public final class TableWriter: EventWriter {
  private let sink: any TextSink
  private var hasHeader = false

  /// Creates a writer over a sink.
  public init(sink: any TextSink) { self.sink = sink }

  public func write(_ event: FinderEvent) throws {
    let time = ISO8601.format(event.time) + (event.isTimeEstimated ? "~" : "")
    switch event.payload {
    case .permission(let status, let accuracy):
      try sink.write("\(time)  permission: \(status) (\(accuracy) accuracy)\n")
    case .location:
      break
    case .places(let fixIndex, let latitude, let longitude, let radius, let source, let places):
      if !hasHeader {
        try sink.write(
          Self.row(["TIME", "FIX", "LAT", "LON", "SOURCE", "FOUND", "OPEN", "NEAREST"]) + "\n"
        )
        hasHeader = true
      }
      let nearest =
        places.first.map {
          "\(Self.cell($0.place.displayName)) (\(Self.metres($0.distance)), "
            + "\(Self.openness($0.openAtFix)))"
        } ?? "none within \(Self.metres(radius))"
      try sink.write(
        Self.row([
          time, String(fixIndex), Self.degrees(latitude), Self.degrees(longitude), source.rawValue,
          String(places.count), Self.openCount(places), nearest,
        ]) + "\n"
      )
    case .dropped(let fixIndex, let reason, _, _):
      try sink.write("\(time)  fix \(fixIndex) dropped: \(reason)\n")
    case .lost(let fixIndex):
      try sink.write("\(time)  fix \(fixIndex) lost: no signal\n")
    case .error(let kind, let message, let isRetrying):
      try sink.write(
        "\(time)  error (\(Self.cell(kind))): \(Self.cell(message))"
          + "\(isRetrying ? " (retrying)" : "")\n"
      )
    case .summary(let totals):
      let unanswered =
        totals.fixesUnanswered > 0 ? "; fixes unanswered \(totals.fixesUnanswered)" : ""
      let skipped = totals.fixesSkipped > 0 ? "; fixes skipped \(totals.fixesSkipped)" : ""
      let notifications =
        totals.notifications.map {
          "; notifications sent \($0.sent), dropped \($0.dropped)"
        } ?? ""
      let cutShort =
        totals.isComplete
        ? "" : "so far (the replay stopped before the run's end; requests is a lower bound): "
      let bill = totals.billText.map { " (\(Self.cell($0)))" } ?? ""
      try sink.write(
        """

        \(cutShort)fixes \(totals.fixes), used \(totals.fixesUsed), dropped \(totals.fixesDropped), \
        lost \(totals.fixesLost); \
        answers \(totals.answers) (\(totals.answers - totals.cacheAnswers) from the network, \
        \(totals.cacheAnswers) from cache); places events \(totals.placesEvents); \
        requests \(totals.requests)\(bill); errors \(totals.errors)\(unanswered)\(skipped)\(notifications)

        """
      )
      if let attribution = totals.attribution {
        try sink.write("places data: \(Self.cell(attribution))\n")
      }
    }
  }

  public func finish() throws { try sink.commit() }

  private static let widths = [20, 6, 10, 10, 7, 5, 5]

  private static func row(_ cells: [String]) -> String {
    var line = ""
    for (index, cell) in cells.enumerated() {
      if index < widths.count {
        line +=
          cell.padding(toLength: max(widths[index], cell.count), withPad: " ", startingAt: 0) + "  "
      } else {
        line += cell
      }
    }
    return line
  }

  /// Untrusted text as a table shows it: control characters and tabs escaped.
  private static func cell(_ text: String) -> String {
    TerminalText.escaped(text, keepingTabs: false)
  }

  private static func degrees(_ value: Double) -> String {
    String(format: "%.5f", value)
  }

  private static func metres(_ value: Double) -> String {
    String(format: "%.0f m", value)
  }

  /// Whether a place is open at the fix's time, in words.
  private static func openness(_ isOpen: Bool?) -> String {
    switch isOpen {
    case true?: "open"
    case false?: "closed"
    case nil: "hours unknown"
    }
  }

  /// How many of an answer's places are open at the fix's time, and of how many that could be
  /// told: `3/5` (`-` when none could be told).
  private static func openCount(_ places: [NearbyPlace]) -> String {
    let told = places.compactMap(\.openAtFix)
    return told.isEmpty ? "-" : "\(told.count { $0 })/\(told.count)"
  }
}
