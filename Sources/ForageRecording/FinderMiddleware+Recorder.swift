import ForageFinder

extension FinderMiddleware {
  /// Records every action that reaches it as one JSON line, for `forage replay`, after a header
  /// holding the run's fix filter; the sink is committed once the summary has been reduced.
  ///
  /// Place it after every middleware that dispatches or replaces actions (the default chain puts
  /// it last but for logging) so that it records exactly what is reduced, and after the places
  /// middleware, whose data attribution its header keeps. Actions hold no
  /// secrets: the API key is never part of one.
  ///
  /// - Parameter sink: Where the recording goes; use it for one run only.
  public static func recorder(_ sink: any TextSink) -> FinderMiddleware {
    let sink = SinkBox(sink)
    return FinderMiddleware(
      "recorder",
      storeMiddleware: { setup in
        let recorder = try ActionRecorder(
          sink: sink.sink,
          header: RecordingHeader(
            filter: setup.options.filter,
            isChangesOnly: setup.options.isChangesOnly,
            attribution: setup.attribution
          )
        )
        setup.onRunEnd { try recorder.finish() }
        // A replay as html draws the searched area, whatever format the run wrote.
        setup.wantCoverage()
        return recorder.middleware
      }
    )
  }
}

/// Carries a sink into the recorder's setup; the recorder serialises every use behind its lock.
private struct SinkBox: @unchecked Sendable {
  let sink: any TextSink
  init(_ sink: any TextSink) { self.sink = sink }
}
