import Testing

@testable import ForagePlaces

@Suite struct RedactionTests {
  @Test func removesKeyParametersHeadersAndKnownSecrets() {
    #expect(
      Redaction.redact("GET /json?location=1,2&key=AIzaXYZ&radius=5 failed")
        == "GET /json?location=1,2&key=REDACTED&radius=5 failed"
    )
    #expect(Redaction.redact("https://h/?KEY=abc") == "https://h/?KEY=REDACTED")
    #expect(
      Redaction.redact("X-Goog-Api-Key: AIzaXYZ\r\nAccept: */*")
        == "X-Goog-Api-Key: REDACTED\r\nAccept: */*"
    )
    #expect(
      Redaction.redact("the key AIza+/= leaked", secrets: ["AIza+/="]) == "the key REDACTED leaked"
    )
    #expect(Redaction.redact("encoded AIza%2B%2F%3D", secrets: ["AIza+/="]) == "encoded REDACTED")
    #expect(Redaction.redact("monkey=banana") == "monkey=banana")
  }

  @Test func anAPIKeyNeverPrintsItself() {
    let key = PlacesAPIKey("AIzaSecret")
    #expect("\(key)" == "<redacted key>")
    #expect(String(reflecting: key) == "<redacted key>")
    var dumped = ""
    dump(key, to: &dumped)
    #expect(!dumped.contains("AIzaSecret"))
    let configuration = GoogleNearbySearchProvider.Configuration(apiKey: key)
    var text = ""
    dump(configuration, to: &text)
    #expect(!text.contains("AIzaSecret"))
    #expect(!String(describing: configuration).contains("AIzaSecret"))
  }
}
