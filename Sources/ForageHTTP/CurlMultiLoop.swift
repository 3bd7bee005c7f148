import CCurl
import CCurlShim
import Foundation
import Synchronization

/// One libcurl multi handle driven by one dedicated thread.
///
/// Requests arrive as commands (add, cancel) under a lock and a `curl_multi_wakeup`; the thread
/// runs `curl_multi_perform` / `curl_multi_poll`, keeps a pool of reset easy handles, and the
/// multi handle's connection cache keeps connections alive between requests.
final class CurlMultiLoop: @unchecked Sendable {
  private enum Command {
    case add(CurlTransfer)
    case cancel(CurlTransfer)
    case shutdown
  }

  private let multi: UnsafeMutableRawPointer
  private let configuration: HTTPClient.Configuration
  private let commands = Mutex<[Command]>([])
  // Touched only on the loop thread:
  private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
  private var idle: [UnsafeMutableRawPointer] = []

  /// Creates the multi handle and starts its thread.
  init(configuration: HTTPClient.Configuration) {
    CurlGlobal.ensure()
    self.configuration = configuration
    multi = curl_multi_init()
    _ = forage_multi_setopt_long(
      multi,
      CURLMOPT_MAXCONNECTS,
      max(1, configuration.maxIdleConnections)
    )
    let thread = Thread { [self] in run() }
    thread.name = "forage-curl-multi"
    thread.start()
  }

  /// Hands a transfer to the loop.
  func submit(_ transfer: CurlTransfer) {
    send(.add(transfer))
  }

  /// Asks the loop to stop a transfer; it completes with ``HTTPError/Kind/cancelled``.
  func cancel(_ transfer: CurlTransfer) {
    transfer.cancelRequested.withLock { $0 = true }
    send(.cancel(transfer))
  }

  /// Stops the loop: pending transfers complete as cancelled and every handle is freed.
  func shutdown() {
    send(.shutdown)
  }

  private func send(_ command: Command) {
    commands.withLock { $0.append(command) }
    curl_multi_wakeup(multi)
  }

  private func run() {
    var running: Int32 = 0
    while drainCommands() {
      curl_multi_perform(multi, &running)
      collectFinished()
      if commands.withLock({ $0.isEmpty }) {
        curl_multi_poll(multi, nil, 0, 1000, nil)
      }
    }
    for (easy, transfer) in active {
      curl_multi_remove_handle(multi, easy)
      curl_easy_cleanup(easy)
      transfer.complete(.failure(HTTPError(.cancelled, "the HTTP client was shut down")))
    }
    active.removeAll()
    for easy in idle { curl_easy_cleanup(easy) }
    idle.removeAll()
    curl_multi_cleanup(multi)
  }

  /// Applies queued commands; returns `false` on shutdown.
  private func drainCommands() -> Bool {
    let pending = commands.withLock { commands in
      defer { commands.removeAll(keepingCapacity: true) }
      return commands
    }
    for command in pending {
      switch command {
      case .add(let transfer):
        start(transfer)
      case .cancel(let transfer):
        guard let easy = transfer.easy, active[easy] === transfer else { continue }
        finish(easy, with: .failure(cancelledError(transfer)))
      case .shutdown:
        return false
      }
    }
    return true
  }

  private func start(_ transfer: CurlTransfer) {
    if transfer.cancelRequested.withLock({ $0 }) {
      transfer.complete(.failure(cancelledError(transfer)))
      return
    }
    guard let easy = idle.popLast() ?? curl_easy_init() else {
      transfer.complete(.failure(HTTPError(.other, "libcurl could not create a handle")))
      return
    }
    if let error = transfer.configure(easy, with: configuration) {
      recycle(easy)
      transfer.complete(.failure(error))
      return
    }
    transfer.easy = easy
    active[easy] = transfer
    let code = curl_multi_add_handle(multi, easy)
    if code != CURLM_OK {
      let message = String(cString: curl_multi_strerror(code))
      finish(easy, with: .failure(HTTPError(.other, "libcurl refused the transfer: \(message)")))
    }
  }

  private func collectFinished() {
    var queued: Int32 = 0
    while let message = curl_multi_info_read(multi, &queued) {
      guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
        let transfer = active[easy]
      else { continue }
      let code = message.pointee.data.result
      if code == CURLE_OK {
        var status = 0
        _ = forage_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        finish(easy, with: .success(transfer.response(status: status)))
      } else {
        finish(easy, with: .failure(error(for: code, transfer: transfer)))
      }
    }
  }

  /// Detaches the easy handle, returns it to the pool and resumes the caller.
  private func finish(_ easy: UnsafeMutableRawPointer, with result: Result<HTTPResponse, HTTPError>)
  {
    guard let transfer = active.removeValue(forKey: easy) else { return }
    curl_multi_remove_handle(multi, easy)
    transfer.easy = nil
    recycle(easy)
    transfer.complete(result)
  }

  private func recycle(_ easy: UnsafeMutableRawPointer) {
    guard idle.count < max(1, configuration.maxIdleConnections) else {
      curl_easy_cleanup(easy)
      return
    }
    curl_easy_reset(easy)
    idle.append(easy)
  }

  private func error(for code: CURLcode, transfer: CurlTransfer) -> HTTPError {
    var kind = HTTPError.Kind(curlCode: code)
    if code == CURLE_WRITE_ERROR, transfer.exceededCap { kind = .responseTooLarge }
    var detail = transfer.curlErrorText
    if detail.isEmpty { detail = String(cString: curl_easy_strerror(code)) }
    if kind == .responseTooLarge {
      detail = "response body over \(configuration.maxResponseBytes) bytes (\(detail))"
    }
    return HTTPError(kind, describe(transfer, detail))
  }

  private func cancelledError(_ transfer: CurlTransfer) -> HTTPError {
    HTTPError(.cancelled, describe(transfer, "cancelled"))
  }

  private func describe(_ transfer: CurlTransfer, _ detail: String) -> String {
    Redaction.redact(
      "\(transfer.request.method) \(transfer.request.url.absoluteString): \(detail)"
    )
  }
}
