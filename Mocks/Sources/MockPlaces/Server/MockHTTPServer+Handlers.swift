import NIOCore

extension MockHTTPServer {
  /// The first handler's response to a request, or a JSON 404 when none serves its path.
  ///
  /// The handlers are `async`; their task prefers `eventLoop` as its executor (see
  /// ``EventLoopTaskExecutor``), and the future completes there.
  func handlerResponse(
    to request: MockRequest,
    on eventLoop: any EventLoop
  ) -> EventLoopFuture<MockResponse> {
    let promise = eventLoop.makePromise(of: MockResponse.self)
    let handlers = handlers
    Task(executorPreference: EventLoopTaskExecutor(eventLoop)) {
      for handler in handlers {
        if let response = await handler.respond(to: request) {
          promise.succeed(response)
          return
        }
      }
      promise.succeed(
        ResponseEncoding.json(
          ["error": "no handler for \(request.method) \(request.path)"],
          status: 404
        )
      )
    }
    return promise.futureResult
  }
}
