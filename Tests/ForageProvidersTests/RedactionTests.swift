import ForageHTTP
import Testing

@testable import ForageProviders

@Suite struct RedactionTests {
  @Test func anAPIKeyRedactsItselfRawAndEncodedAndEveryKeyParameter() {
    let key = PlacesAPIKey("AIza+/=")
    #expect(key.redact("the key AIza+/= leaked") == "the key REDACTED leaked")
    #expect(key.redact("encoded AIza%2B%2F%3D") == "encoded REDACTED")
    #expect(
      key.redact("GET /json?location=1,2&key=other&radius=5 failed")
        == "GET /json?location=1,2&key=REDACTED&radius=5 failed"
    )
    #expect(key.redact("X-Goog-Api-Key: something") == "X-Goog-Api-Key: REDACTED")
    #expect(key.redact("monkey=banana") == "monkey=banana")
    let none: PlacesAPIKey? = nil
    #expect(none.redact("https://h/?KEY=abc") == "https://h/?KEY=REDACTED")
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
