import CCurl
import CCurlShim

extension HTTPError.Kind {
  /// The kind of failure a libcurl result code stands for.
  ///
  /// - Parameter code: The transfer's result, not `CURLE_OK`.
  init(curlCode code: CURLcode) {
    switch code {
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
      self = .dnsFailure
    case CURLE_COULDNT_CONNECT:
      self = .connectFailed
    case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
      self = .connectionReset
    case CURLE_GOT_NOTHING:
      self = .emptyReply
    case CURLE_OPERATION_TIMEDOUT:
      self = .timedOut
    case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED,
      CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_PEER_FAILED_VERIFICATION,
      CURLE_SSL_CACERT_BADFILE, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE,
      CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS,
      CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED, CURLE_SSL_ENGINE_INITFAILED:
      self = .tls
    // A reply that is not HTTP/1.x is rejected as "HTTP/0.9 not allowed" (unsupported protocol);
    // the URL scheme was checked before sending, so here it always means a garbled reply.
    case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING, CURLE_UNSUPPORTED_PROTOCOL,
      CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_HTTP3:
      self = .malformedResponse
    case CURLE_FILESIZE_EXCEEDED:
      self = .responseTooLarge
    case CURLE_ABORTED_BY_CALLBACK:
      self = .cancelled
    case CURLE_URL_MALFORMAT, CURLE_BAD_FUNCTION_ARGUMENT:
      self = .invalidRequest
    default:
      self = .other
    }
  }
}
