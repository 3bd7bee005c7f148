import ForageHTTP
import Foundation

extension GoogleNearbySearchProvider {
  /// Turns an HTTP response into a page or a ``PlacesError``.
  ///
  /// The `status` decides, whatever the HTTP code (errors usually arrive as HTTP 200, some
  /// deployments answer 400 for the same thing). Without a JSON status, a non-200 code becomes
  /// ``PlacesError/httpStatus(_:retryAfter:)`` and a 200 becomes
  /// ``PlacesError/malformedResponse(_:)``; an unknown status on a non-200 code is also an
  /// ``PlacesError/httpStatus(_:retryAfter:)``.
  ///
  /// - Parameters:
  ///   - response: The response.
  ///   - receivedAt: When it arrived, stamped on the next page token.
  /// - Returns: The page; `ZERO_RESULTS` is an empty page.
  /// - Throws: ``PlacesError``.
  func decodePage(_ response: HTTPResponse, receivedAt: Duration) throws(PlacesError) -> PlacesPage
  {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let wire: NearbySearchWire
    do {
      wire = try decoder.decode(NearbySearchWire.self, from: response.body)
    } catch {
      throw Self.failure(for: response, reason: "expected a JSON object", now: date())
    }
    guard let status = wire.status else {
      throw Self.failure(for: response, reason: "the JSON has no \"status\"", now: date())
    }
    let message = wire.errorMessage.map(redact)
    switch status {
    case "OK":
      guard wire.hasResults else {
        throw .malformedResponse("an OK answer without a \"results\" array")
      }
      let token = wire.nextPageToken.flatMap { $0.isEmpty ? nil : $0 }
      let places = wire.results.compactMap { $0?.place }
      return PlacesPage(
        places: places,
        nextPageToken: token.map { PageToken(value: $0, receivedAt: receivedAt) },
        skippedResults: wire.results.count - places.count,
        notices: wire.notices
      )
    case "ZERO_RESULTS": return PlacesPage(places: [], notices: wire.notices)
    case "INVALID_REQUEST": throw .invalidRequest(message: message)
    case "OVER_QUERY_LIMIT": throw .overQueryLimit(message: message)
    case "REQUEST_DENIED": throw .requestDenied(message: message)
    case "UNKNOWN_ERROR": throw .unknownError(message: message)
    default:
      // A status this client does not know on an HTTP error (a proxy's or gateway's JSON):
      // the HTTP code tells more, including whether to retry.
      guard response.status == 200 else {
        throw .httpStatus(response.status, retryAfter: response.retryAfter(now: date()))
      }
      throw .unexpectedStatus(redact(status), message: message)
    }
  }

  /// The error for a response without a usable status.
  ///
  /// - Parameters:
  ///   - response: The response.
  ///   - reason: What was wrong with the body.
  ///   - now: The current date, to read a `Retry-After` HTTP-date against.
  static func failure(for response: HTTPResponse, reason: String, now: Date) -> PlacesError {
    guard response.status == 200 else {
      return .httpStatus(response.status, retryAfter: response.retryAfter(now: now))
    }
    let type = response.header("Content-Type") ?? "no content type"
    if response.body.isEmpty {
      return .malformedResponse("empty body (\(type))")
    }
    return .malformedResponse("\(reason); got \(response.body.count) bytes of \(type)")
  }
}
