import Foundation
import Synchronization

extension MockHTTPServer {
  /// Serves requests on one connection until either side closes it.
  func serve(connection fd: Int32, number: Int) {
    let reader = RequestReader(fd: fd)
    let executor = ConnectionExecutor()
    while true {
      switch reader.next() {
      case .closed:
        return
      case .malformed(let reason):
        let response = ResponseEncoding.json(["error": "bad request: \(reason)"], status: 400)
        Socket.sendAll(fd, ResponseEncoding.bytes(response, keepAlive: false, isHead: false))
        return
      case .request(let received):
        countRequest()
        guard handle(received, on: fd, connection: number, executor: executor), received.keepAlive
        else { return }
      }
    }
  }

  /// Answers one request; returns whether the connection may carry another.
  private func handle(
    _ received: ReceivedRequest,
    on fd: Int32,
    connection: Int,
    executor: ConnectionExecutor
  ) -> Bool {
    let request = received.request
    let isHead = request.method == "HEAD"
    if request.path == "/__admin" || request.path.hasPrefix("/__admin/") {
      let response = adminResponse(to: request)
      return Socket.sendAll(
        fd,
        ResponseEncoding.bytes(response, keepAlive: received.keepAlive, isHead: isHead)
      )
    }
    let fault = faults.fault(forPath: request.path)
    journal.record(request, connection: connection, fault: fault)
    if let fault {
      return apply(fault.kind, to: received, on: fd, executor: executor)
    }
    let response = handlerResponse(to: request, executor: executor)
    return Socket.sendAll(
      fd,
      ResponseEncoding.bytes(response, keepAlive: received.keepAlive, isHead: isHead)
    )
  }

  /// The first handler's response, or a JSON 404 when none serves the path.
  ///
  /// Handlers are `async`; the handler task runs on this thread (see ``ConnectionExecutor``)
  /// and the thread returns when it finishes.
  func handlerResponse(to request: MockRequest, executor: ConnectionExecutor) -> MockResponse {
    let box = ResponseBox()
    let handlers = handlers
    let work: @Sendable () async -> Void = {
      for handler in handlers {
        if let response = await handler.respond(to: request) {
          box.response.withLock { $0 = response }
          break
        }
      }
      executor.finish()
    }
    Task(executorPreference: executor, operation: work)
    executor.runUntilFinished()
    return box.response.withLock { $0 }
      ?? ResponseEncoding.json(
        ["error": "no handler for \(request.method) \(request.path)"],
        status: 404
      )
  }
}

/// Carries a handler's response from its task back to the connection thread.
private final class ResponseBox: Sendable {
  let response = Mutex<MockResponse?>(nil)
}
