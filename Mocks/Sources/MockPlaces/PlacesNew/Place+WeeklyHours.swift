import ForagePlaceModel

extension Place {
  /// The place's hours as a regular week, as Places API (New) serves them: the dataset's own
  /// week; `nil` for none, and for OpenStreetMap hours, which a week of periods cannot always
  /// hold (months, holidays, week numbers).
  var weeklyHours: WeeklyHours? {
    guard case .weekly(let week) = openingHours else { return nil }
    return week
  }
}
