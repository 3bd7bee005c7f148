extension HTTPClient {
  /// Settings that hold for every request a client sends.
  public struct Configuration: Sendable, Equatable {
    /// How long to wait for a TCP (and TLS) connection. A request's own timeout still bounds it.
    public var connectTimeout: Duration
    /// The largest response body accepted; a bigger one fails with
    /// ``HTTPError/Kind/responseTooLarge``.
    public var maxResponseBytes: Int
    /// The `User-Agent` header sent unless a request sets its own.
    public var userAgent: String
    /// Whether to ask for gzip/deflate/brotli bodies (decoded transparently).
    public var acceptsCompressedResponses: Bool
    /// How many idle keep-alive connections (and easy handles) to keep for reuse.
    public var maxIdleConnections: Int

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - connectTimeout: Defaults to 10 seconds.
    ///   - maxResponseBytes: Defaults to 16 MiB.
    ///   - userAgent: Defaults to `forage (libcurl)`.
    ///   - acceptsCompressedResponses: Defaults to `true`.
    ///   - maxIdleConnections: Defaults to 32.
    public init(
      connectTimeout: Duration = .seconds(10),
      maxResponseBytes: Int = 16 * 1024 * 1024,
      userAgent: String = "forage (libcurl)",
      acceptsCompressedResponses: Bool = true,
      maxIdleConnections: Int = 32
    ) {
      self.connectTimeout = connectTimeout
      self.maxResponseBytes = maxResponseBytes
      self.userAgent = userAgent
      self.acceptsCompressedResponses = acceptsCompressedResponses
      self.maxIdleConnections = maxIdleConnections
    }
  }
}

extension Duration {
  /// The duration in whole milliseconds, at least `minimum`, for libcurl's `_MS` options.
  func curlMilliseconds(minimum: Int = 1) -> Int {
    let (seconds, attoseconds) = components
    let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
    guard !milliseconds.overflow else { return Int.max / 2 }
    return max(minimum, Int(milliseconds.partialValue + attoseconds / 1_000_000_000_000_000))
  }
}
