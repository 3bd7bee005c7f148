import ForageHTTP
import ForageSupport
import Foundation
import Testing

@Suite struct RedactionTests {
  @Test func redactsKeyQueryValuesInURLsAndText() {
    let url = URL(string: "https://maps.googleapis.com/x/json?location=1,2&key=abc123&pagetoken=T")!
    #expect(
      Redaction.redact(url)
        == "https://maps.googleapis.com/x/json?location=1,2&key=REDACTED&pagetoken=T"
    )
    #expect(
      Redaction.redact("GET /p?key=abc&monkey=ok failed") == "GET /p?key=REDACTED&monkey=ok failed"
    )
    #expect(
      Redaction.redact("api_key=1 ACCESS_TOKEN=2") == "api_key=REDACTED ACCESS_TOKEN=REDACTED"
    )
  }

  @Test func redactsCredentialHeadersInTextAndJSON() {
    #expect(
      Redaction.redact("X-Goog-Api-Key: AIza-secret\r\nAccept: */*")
        == "X-Goog-Api-Key: REDACTED\r\nAccept: */*"
    )
    #expect(
      Redaction.redact("error: Authorization: Bearer abc.def") == "error: Authorization: REDACTED"
    )
    #expect(
      Redaction.redact(#"{"x-goog-api-key":"s3cret","a":1}"#)
        == #"{"x-goog-api-key":"REDACTED","a":1}"#
    )
  }

  @Test func redactsAnythingShapedLikeAGoogleKey() {
    let key = "AIza" + String(repeating: "B", count: 35)
    #expect(Redaction.redact("oops \(key) leaked") == "oops REDACTED leaked")
  }

  /// A registered secret echoed back in another form is still redacted: a server that
  /// lowercased a key, or wrote it in a JSON string (`\"`, `\\`, `\/`), made it shown.
  @Test(arguments: [
    "AIzaSyD-fakeKey0123456789abcdefghijklmn", #"Pa$$w0rd"quote\\back/slash"#,
  ])
  func aSecretEchoedInAnotherFormIsRedacted(secret: String) {
    Redaction.registerSecret(secret)
    var output = JSONOutput()
    output.writeString(secret)
    let echoes = [
      secret, secret.lowercased(), secret.uppercased(), output.text,
      output.text.replacingOccurrences(of: "/", with: "\\/"), QueryString.encode(secret),
    ]
    for echo in echoes {
      let redacted = Redaction.redact("error: bad key \(echo) given")
      #expect(!redacted.lowercased().contains("fakekey"), "\(echo): \(redacted)")
      #expect(!redacted.contains("w0rd"), "\(echo): \(redacted)")
    }
  }

  @Test func leavesOrdinaryTextAlone() {
    let text = "GET http://127.0.0.1:80/json?keyword=fish&type=bar: timed out"
    #expect(Redaction.redact(text) == text)
  }

  @Test func redactsHeaderListsAndRequestDescriptions() {
    let request = HTTPRequest(
      url: URL(string: "http://h/p?key=SECRET")!,
      headers: [("X-Goog-Api-Key", "SECRET"), ("Accept", "application/json")]
    )
    #expect(request.description == "GET http://h/p?key=REDACTED")
    #expect(!request.debugDescription.contains("SECRET"))
    #expect(request.debugDescription.contains("Accept: application/json"))
    #expect(
      Redaction.redact(headers: request.headers).map(\.value) == ["REDACTED", "application/json"]
    )
  }
}
