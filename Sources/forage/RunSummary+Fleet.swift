import ForageFinder

extension RunSummary {
  /// The totals of a fleet's receivers: every count summed, the bill by SKU merged, and each
  /// attribution once.
  static func total(of summaries: [RunSummary]) -> RunSummary {
    var total = RunSummary()
    var notices: [String] = []
    for summary in summaries {
      total.fixes += summary.fixes
      total.fixesUsed += summary.fixesUsed
      total.fixesDropped += summary.fixesDropped
      total.fixesLost += summary.fixesLost
      total.answers += summary.answers
      total.placesEvents += summary.placesEvents
      total.requests += summary.requests
      if let bill = summary.requestsBySKU {
        total.requestsBySKU = (total.requestsBySKU ?? [:]).merging(bill, uniquingKeysWith: +)
      }
      total.cacheAnswers += summary.cacheAnswers
      if let stored = summary.storedAnswers {
        total.storedAnswers = (total.storedAnswers ?? 0) + stored
      }
      total.errors += summary.errors
      total.fixesUnanswered += summary.fixesUnanswered
      total.fixesNotExact += summary.fixesNotExact
      total.fixesSkipped += summary.fixesSkipped
      if let tally = summary.notifications {
        let sum = total.notifications ?? NotificationTally()
        total.notifications = NotificationTally(
          sent: sum.sent + tally.sent,
          dropped: sum.dropped + tally.dropped
        )
      }
      for notice in [summary.attribution].compactMap({ $0 }) where !notices.contains(notice) {
        notices.append(notice)
      }
      total.isComplete = total.isComplete && summary.isComplete
    }
    total.attribution = notices.isEmpty ? nil : notices.joined(separator: "; ")
    return total
  }
}
