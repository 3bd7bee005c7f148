import ForagePlaceDataset
import ForagePlaceModel
import ForageSupport
import Foundation

/// Google's legacy Nearby Search, `GET /maps/api/place/nearbysearch/json`, over a dataset.
///
/// Every answer is HTTP 200 with a `status`, as Google's are: `OK`, `ZERO_RESULTS`,
/// `INVALID_REQUEST` (bad parameters, or a page token unknown or used before its delay),
/// `REQUEST_DENIED` (missing or wrong key when a key is configured). Results come 20 a page, at
/// most 60 a search, with a `next_page_token` while more remain; with `pagetoken`, every other
/// parameter but `key` is ignored.
public struct NearbySearchHandler: MockHandler {
  /// The path this handler serves.
  public static let path = "/maps/api/place/nearbysearch/json"

  /// The request header in which a client whose waits are simulated tells the time on its
  /// clock, in seconds (`Forage-Virtual-Time: 1.500`, as `forage run --network-time virtual`
  /// sends it): its page tokens are then timed on that clock. Google has no such header; a
  /// client that sends none gets tokens timed in real time, as Google's are.
  public static let virtualTimeHeader = "Forage-Virtual-Time"

  private let dataset: PlaceDataset
  private let apiKey: String?
  private let tokens: PageTokenStore

  /// Creates a handler.
  ///
  /// - Parameters:
  ///   - dataset: The places to serve.
  ///   - apiKey: The key every request must carry as `key`, or `nil` to accept any request.
  ///   - pageTokenDelay: How long after issue a `next_page_token` becomes valid (Google: ~2 s).
  ///   - clock: The time source for page tokens.
  public init(
    dataset: PlaceDataset,
    apiKey: String? = nil,
    pageTokenDelay: Duration = .seconds(2),
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.dataset = dataset
    self.apiKey = apiKey
    self.tokens = PageTokenStore(delay: pageTokenDelay, clock: clock)
  }

  public func respond(to request: MockRequest) async -> MockResponse? {
    guard request.path == Self.path else { return nil }
    guard request.method == "GET" else {
      return MockResponse(status: 405, headers: [("Allow", "GET")])
    }
    let clientTime = request.header(Self.virtualTimeHeader).flatMap(Self.clientTime)
    return .json(answer(request.query, clientTime: clientTime).encoded())
  }

  /// The time a ``virtualTimeHeader`` tells: a finite number of seconds from 0 to
  /// `Duration.longestSeconds`; anything else is no time (the token is then timed in real time).
  static func clientTime(_ text: String) -> Duration? {
    guard let seconds = Double(text.trimmingCharacters(in: .whitespaces)), seconds >= 0 else {
      return nil
    }
    return Duration.checkedSeconds(seconds)
  }

  /// The body for a request's query parameters.
  ///
  /// - Parameters:
  ///   - parameters: The query parameters.
  ///   - clientTime: The time on the client's clock, if it said (``virtualTimeHeader``).
  func answer(
    _ parameters: [(name: String, value: String)],
    clientTime: Duration? = nil
  ) -> NearbySearchBody {
    if let denial = checkKey(parameters.first { $0.name == "key" }?.value) {
      return denial
    }
    if let token = parameters.first(where: { $0.name == "pagetoken" })?.value, !token.isEmpty {
      switch tokens.redeem(token, clientTime: clientTime) {
      case .page(let results, let offset):
        return page(of: results, from: offset, clientTime: clientTime)
      case .notYetValid, .unknown: return .status("INVALID_REQUEST")
      }
    }
    switch NearbySearchQuery.parse(parameters) {
    case .failure(let rejection):
      return .status(rejection.status, message: rejection.message)
    case .success(let query):
      let results = query.results(in: dataset)
      return results.isEmpty
        ? NearbySearchBody(
          htmlAttributions: NearbySearchBody.htmlAttributions(for: dataset.attribution),
          results: [],
          status: "ZERO_RESULTS"
        ) : page(of: results, from: 0, clientTime: clientTime)
    }
  }

  private func checkKey(_ key: String?) -> NearbySearchBody? {
    guard let apiKey else { return nil }
    guard let key, !key.isEmpty else {
      return .status(
        "REQUEST_DENIED",
        message: "You must use an API key to authenticate each request to Google Maps Platform"
          + " APIs. For additional information, please refer to http://g.co/dev/maps-no-account"
      )
    }
    guard key == apiKey else {
      return .status("REQUEST_DENIED", message: "The provided API key is invalid. ")
    }
    return nil
  }

  private func page(
    of results: [Place],
    from offset: Int,
    clientTime: Duration?
  ) -> NearbySearchBody {
    let end = min(offset + NearbySearchQuery.pageSize, results.count)
    let next =
      end < results.count
      ? tokens.issue(results: results, offset: end, clientTime: clientTime) : nil
    return NearbySearchBody(
      htmlAttributions: NearbySearchBody.htmlAttributions(for: dataset.attribution),
      nextPageToken: next,
      results: results[offset..<end].map(NearbySearchBody.Result.init),
      status: "OK"
    )
  }
}
