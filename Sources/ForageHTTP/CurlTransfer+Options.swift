import CCurl
import CCurlShim
import Foundation

extension CurlTransfer {
  /// Sets every option for this request on a freshly reset easy handle.
  ///
  /// - Returns: An error when the request cannot be expressed (bad scheme, header injection).
  func configure(
    _ easy: UnsafeMutableRawPointer,
    with configuration: HTTPClient.Configuration
  ) -> HTTPError? {
    let url = request.url.absoluteString
    guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else {
      return HTTPError(
        .invalidRequest,
        "\(Redaction.redact(url)): only http and https are supported"
      )
    }
    for (name, value) in request.headers
    where name.isEmpty
      || (name + value).unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" })
      || name.contains(":")
    {
      return HTTPError(
        .invalidRequest,
        "header '\(Redaction.redact(name))' has an empty name or a line break or colon in it"
      )
    }
    let unmanaged = Unmanaged.passUnretained(self).toOpaque()
    _ = forage_easy_setopt_ptr(easy, CURLOPT_URL, url)
    _ = forage_easy_setopt_ptr(easy, CURLOPT_PROTOCOLS_STR, "http,https")
    _ = forage_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
    _ = forage_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, request.timeout.curlMilliseconds())
    let connect = min(configuration.connectTimeout, request.timeout)
    _ = forage_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, connect.curlMilliseconds())
    _ = forage_easy_setopt_ptr(easy, CURLOPT_ERRORBUFFER, errorBuffer)
    _ = forage_easy_setopt_ptr(easy, CURLOPT_PRIVATE, unmanaged)
    _ = forage_easy_setopt_write_function(easy, curlWriteCallback)
    _ = forage_easy_setopt_ptr(easy, CURLOPT_WRITEDATA, unmanaged)
    _ = forage_easy_setopt_header_function(easy, curlHeaderCallback)
    _ = forage_easy_setopt_ptr(easy, CURLOPT_HEADERDATA, unmanaged)
    _ = forage_easy_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1)
    _ = forage_easy_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2)
    _ = forage_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0)
    _ = forage_easy_setopt_long(easy, CURLOPT_TCP_NODELAY, 1)
    // Real hosts go through the proxy the environment names, as curl's do (http_proxy,
    // https_proxy, ALL_PROXY, NO_PROXY; not HTTP_PROXY, which libcurl ignores on purpose).
    // This machine never does: its traffic carries the user's positions to forage's own mock
    // or services, and a proxy elsewhere could not reach them anyway. An empty CURLOPT_PROXY
    // turns the proxy off for this handle only; CURLOPT_NOPROXY would replace NO_PROXY.
    if let host = request.url.host, LoopbackHost.contains(host) {
      _ = forage_easy_setopt_ptr(easy, CURLOPT_PROXY, "")
    }
    _ = forage_easy_setopt_off_t(
      easy,
      CURLOPT_MAXFILESIZE_LARGE,
      curl_off_t(configuration.maxResponseBytes)
    )
    if configuration.acceptsCompressedResponses {
      _ = forage_easy_setopt_ptr(easy, CURLOPT_ACCEPT_ENCODING, "")
    }
    setMethodAndBody(on: easy)
    setHeaders(on: easy, userAgent: configuration.userAgent)
    return nil
  }

  private func setMethodAndBody(on easy: UnsafeMutableRawPointer) {
    let method = request.method.uppercased()
    if let body = request.body {
      _ = forage_easy_setopt_long(easy, CURLOPT_POST, 1)
      _ = forage_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
      body.withUnsafeBytes { bytes in
        // COPYPOSTFIELDS copies the bytes; an empty body still needs a valid pointer.
        let pointer = bytes.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start)
        _ = forage_easy_setopt_ptr(easy, CURLOPT_COPYPOSTFIELDS, pointer)
      }
      if method != "POST" { _ = forage_easy_setopt_ptr(easy, CURLOPT_CUSTOMREQUEST, method) }
    } else {
      switch method {
      case "GET":
        _ = forage_easy_setopt_long(easy, CURLOPT_HTTPGET, 1)
      case "HEAD":
        _ = forage_easy_setopt_long(easy, CURLOPT_NOBODY, 1)
      default:
        _ = forage_easy_setopt_long(easy, CURLOPT_HTTPGET, 1)
        _ = forage_easy_setopt_ptr(easy, CURLOPT_CUSTOMREQUEST, method)
      }
    }
  }

  private func setHeaders(on easy: UnsafeMutableRawPointer, userAgent: String) {
    var list: UnsafeMutablePointer<curl_slist>?
    var hasUserAgent = false
    var hasExpect = false
    for (name, value) in request.headers {
      hasUserAgent = hasUserAgent || name.caseInsensitiveCompare("User-Agent") == .orderedSame
      hasExpect = hasExpect || name.caseInsensitiveCompare("Expect") == .orderedSame
      // "Name;" is libcurl's way to send a header with an empty value.
      list = curl_slist_append(list, value.isEmpty ? "\(name);" : "\(name): \(value)")
    }
    if !hasExpect {
      // Never wait for "100 Continue": send bodies at once.
      list = curl_slist_append(list, "Expect:")
    }
    if !hasUserAgent { _ = forage_easy_setopt_ptr(easy, CURLOPT_USERAGENT, userAgent) }
    headerList = list
    _ = forage_easy_setopt_ptr(easy, CURLOPT_HTTPHEADER, list)
  }
}
