import CGEOS

/// A GEOS context handle: the state GEOS needs for one thread of work at a time.
///
/// GEOS's reentrant API takes a context in every call, and a context must not be used by two
/// threads at once. Give each thread (or each owner that serialises its own access, such as
/// ``CoverageArea``) its own context. Every ``Geometry`` keeps its context alive.
///
/// GEOS reports errors and notices through callbacks; this context records them (through the
/// callback's `userdata`, never a captured closure) so that a failing call becomes a
/// ``GEOSError`` carrying GEOS's message. Nothing is ever printed.
///
/// Not `Sendable`: move work, not contexts, between threads.
public final class GEOSContext {
  /// The C handle; valid until `deinit`.
  let handle: GEOSContextHandle_t
  private let log: GEOSMessageLog

  /// Creates a context with message handlers installed.
  ///
  /// - Throws: ``GEOSError`` when GEOS cannot allocate a context.
  public init() throws(GEOSError) {
    guard let handle = GEOS_init_r() else {
      throw GEOSError(operation: "GEOS_init_r", message: "GEOS could not create a context")
    }
    self.handle = handle
    log = GEOSMessageLog()
    let userdata = Unmanaged.passUnretained(log).toOpaque()
    _ = GEOSContext_setErrorMessageHandler_r(handle, geosErrorHandler, userdata)
    _ = GEOSContext_setNoticeMessageHandler_r(handle, geosNoticeHandler, userdata)
  }

  deinit {
    GEOS_finish_r(handle)
  }

  /// The notices GEOS has reported on this context (such as invalid-geometry warnings), oldest first.
  public var notices: [String] { log.notices }

  /// Builds the error for a failed call, with the last message GEOS reported, and clears it.
  func error(_ operation: String) -> GEOSError {
    let message = log.lastError ?? "GEOS reported a failure without a message"
    log.lastError = nil
    return GEOSError(operation: operation, message: message)
  }
}

@available(*, unavailable, message: "a GEOS context must not be shared between threads")
extension GEOSContext: Sendable {}

/// What GEOS has said on one context; reached from the C callbacks through `userdata`.
final class GEOSMessageLog {
  /// The most recent error message not yet turned into a ``GEOSError``.
  var lastError: String?
  /// Notices, capped so a long-lived context cannot grow without bound.
  var notices: [String] = []
}

/// Receives GEOS error messages; `userdata` is the context's unretained ``GEOSMessageLog``.
private func geosErrorHandler(
  _ message: UnsafePointer<CChar>?,
  _ userdata: UnsafeMutableRawPointer?
) {
  guard let message, let userdata else { return }
  let log = Unmanaged<GEOSMessageLog>.fromOpaque(userdata).takeUnretainedValue()
  log.lastError = String(cString: message)
}

/// Receives GEOS notices; `userdata` is the context's unretained ``GEOSMessageLog``.
private func geosNoticeHandler(
  _ message: UnsafePointer<CChar>?,
  _ userdata: UnsafeMutableRawPointer?
) {
  guard let message, let userdata else { return }
  let log = Unmanaged<GEOSMessageLog>.fromOpaque(userdata).takeUnretainedValue()
  if log.notices.count >= 100 { log.notices.removeFirst() }
  log.notices.append(String(cString: message))
}
