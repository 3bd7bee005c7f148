import Foundation
import Testing

@testable import ForageHours

/// Parse errors are one line a person can act on: what was expected and where.
@Suite struct OpeningHoursErrorTests {
  /// The error `text` throws, or `nil`.
  private func error(_ text: String) -> OpeningHoursError? {
    do {
      _ = try OpeningHours(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func saysWhatWasExpectedAndWhere() {
    #expect(
      error("Mo-Fr 25:00-26:00")?.description
        == "expected a time no later than 23:59 at character 7"
    )
    #expect(error("Mo 10:00-")?.description == "expected a time such as 09:00 at character 10")
    #expect(error("Mo-")?.description == "expected a weekday such as Mo at character 4")
    #expect(error("")?.description == "expected a rule such as Mo-Fr 09:00-18:00 at character 1")
    #expect(
      error("sunrise-sunset")?.description
        == "sunrise, sunset, dawn and dusk are not supported at character 1"
    )
    #expect(error("Mo 10:00-12:00;")?.character == 16)
  }

  @Test func everyErrorIsOneLine() {
    var rejected = 0
    for text in OracleCases.generatedValues() {
      guard let error = error(text) else { continue }
      rejected += 1
      let line = error.description
      #expect(
        !line.contains("\n") && !line.contains("\r") && !line.contains("\u{0}"),
        "\(text.debugDescription)"
      )
      #expect(line.contains(" at character "))
      #expect(error.character >= 1 && error.character <= text.unicodeScalars.count + 1)
    }
    #expect(rejected > 50)
  }
}
