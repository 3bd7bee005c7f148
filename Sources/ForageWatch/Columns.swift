import ForageFinder
import ForagePlaceModel
import Foundation

/// The columns of the places table for a screen width: rank, mark, name, distance, whether open
/// at the fix's time, bearing, rating and type; the type, then the rating, then the bearing, then
/// the open column go first on a narrow screen, and the name takes the rest.
struct Columns: Sendable {
  let name: Int
  let hasOpen: Bool
  let hasBearing: Bool
  let hasRating: Bool
  let type: Int

  /// The rank, right-aligned, and the mark after it.
  static let rankWidth = 3
  static let distanceWidth = 8
  static let openWidth = 8
  static let bearingWidth = 4
  static let ratingWidth = 7
  static let typeWidth = 14
  static let shortestName = 12
  static let shortestNameBesideRating = 20

  /// The eight arrows of a bearing, clockwise from north.
  static let arrows = ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"]

  init(width: Int) {
    // rank and mark, a space, the name, then the fixed columns.
    var rest = width - Self.rankWidth - 1 - Self.distanceWidth
    hasOpen = rest - Self.openWidth >= Self.shortestName
    if hasOpen { rest -= Self.openWidth }
    hasBearing = rest - Self.bearingWidth >= Self.shortestName
    if hasBearing { rest -= Self.bearingWidth }
    // The rating only where the name keeps room for the heading's fix number.
    hasRating = rest - Self.ratingWidth >= Self.shortestNameBesideRating
    if hasRating { rest -= Self.ratingWidth }
    type = rest - Self.typeWidth - 2 >= Self.shortestName ? Self.typeWidth : 0
    if type > 0 { rest -= Self.typeWidth + 2 }
    name = max(1, rest)
  }

  /// The heading: how many places the answer for which fix holds, and where it came from.
  func heading(source: FinderEvent.Source?, fix: Int?, count: Int) -> ScreenLine {
    let answer = fix.map { " · fix \($0)" } ?? ""
    let from = source.map { " · \($0.rawValue)" } ?? ""
    var text = TerminalCells.pad("", width: Self.rankWidth + 1)
    text += TerminalCells.pad("NEAREST \(count)\(answer)\(from)", width: name)
    text += TerminalCells.pad("DIST", width: Self.distanceWidth, isRightAligned: true)
    if hasOpen { text += TerminalCells.pad("  OPEN", width: Self.openWidth) }
    if hasBearing { text += TerminalCells.pad(" DIR", width: Self.bearingWidth) }
    if hasRating {
      text += TerminalCells.pad("RATING", width: Self.ratingWidth, isRightAligned: true)
    }
    if type > 0 { text += "  " + TerminalCells.pad("TYPE", width: type) }
    return ScreenLine(text, .heading)
  }

  /// A place's row: its rank (empty for one that left) and mark (`+` new, `-` left), name,
  /// distance, whether open at the fix's time (`open`, `closed`, `?`), the arrow of its bearing,
  /// rating and first type.
  func row(
    rank: String,
    mark: String,
    _ nearby: NearbyPlace,
    bearing: Double?,
    style: ScreenLine.Style
  ) -> ScreenLine {
    let place = nearby.place
    var text = TerminalCells.pad(rank, width: Self.rankWidth - 1, isRightAligned: true) + mark + " "
    text += TerminalCells.pad(WatchScreen.clean(place.displayName), width: name)
    text += TerminalCells.pad(
      Self.distance(nearby.distance),
      width: Self.distanceWidth,
      isRightAligned: true
    )
    if hasOpen {
      let open: String
      switch nearby.openAtFix {
      case true?: open = "open"
      case false?: open = "closed"
      case nil: open = "?"
      }
      text += TerminalCells.pad("  " + open, width: Self.openWidth)
    }
    if hasBearing {
      text += TerminalCells.pad("  " + (bearing.map(Self.arrow) ?? " "), width: Self.bearingWidth)
    }
    if hasRating {
      let rating = place.rating.map { String(format: "%.1f", $0) } ?? "-"
      text += TerminalCells.pad(rating, width: Self.ratingWidth, isRightAligned: true)
    }
    if type > 0 {
      text += "  " + TerminalCells.pad(WatchScreen.clean(place.types.first ?? ""), width: type)
    }
    return ScreenLine(text, style)
  }

  /// The arrow nearest a bearing in degrees clockwise from north.
  static func arrow(_ degrees: Double) -> String {
    let sector = Int((degrees / 45).rounded()) % 8
    return arrows[(sector + 8) % 8]
  }

  /// A distance as `35 m` or `1.2 km`.
  static func distance(_ metres: Double) -> String {
    metres < 1000 ? String(format: "%.0f m", metres) : String(format: "%.1f km", metres / 1000)
  }
}
