import ForageHTTP
import ForagePlaceModel
import Foundation
import Synchronization

/// A transport double that answers from a script and records every request.
final class ScriptedTransport: HTTPTransport {
  /// One scripted answer.
  enum Answer: Sendable {
    case response(HTTPResponse)
    case failure(HTTPError)
  }

  private let state: Mutex<(answers: [Answer], requests: [HTTPRequest])>

  init(_ answers: [Answer]) {
    state = Mutex((answers, []))
  }

  /// Every request sent, in order.
  var requests: [HTTPRequest] { state.withLock { $0.requests } }

  func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
    let answer = state.withLock { state -> Answer in
      state.requests.append(request)
      return state.answers.isEmpty
        ? .failure(HTTPError(.other, "script exhausted")) : state.answers.removeFirst()
    }
    switch answer {
    case .response(let response): return response
    case .failure(let error): throw error
    }
  }
}

extension ScriptedTransport.Answer {
  /// A JSON answer with the given HTTP status.
  static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> Self {
    .response(
      HTTPResponse(
        status: status,
        headers: [("Content-Type", "application/json; charset=UTF-8")]
          + headers.map { (name: $0.0, value: $0.1) },
        body: Data(text.utf8)
      )
    )
  }

  /// A legacy answer with only a status (and a message).
  static func status(_ status: String, message: String? = nil) -> Self {
    let message = message.map { #","error_message":"\#($0)""# } ?? ""
    return .json(#"{"html_attributions":[],"results":[],"status":"\#(status)"\#(message)}"#)
  }

  /// A legacy `OK` page of places `p<first>`…`p<first+count-1>`, with an optional token.
  static func page(_ first: Int, _ count: Int, token: String? = nil) -> Self {
    let results = (first..<first + count).map {
      #"{"place_id":"p\#($0)","name":"Place \#($0)","geometry":{"location":{"lat":60.17,"lng":24.94}}}"#
    }
    let next = token.map { #","next_page_token":"\#($0)""# } ?? ""
    return .json(
      #"{"html_attributions":[],"results":[\#(results.joined(separator: ","))],"status":"OK"\#(next)}"#
    )
  }
}
