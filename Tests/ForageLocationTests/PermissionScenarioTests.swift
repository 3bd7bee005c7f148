import Foundation
import Testing

@testable import ForageLocation

/// Scenarios from the command line and from scenario files.
@Suite struct PermissionScenarioTests {
  @Test func namedScenariosSetTheInitialStatusAndThePromptAnswer() throws {
    #expect(try PermissionScenario(parsing: "granted") == .granted)
    #expect(try PermissionScenario(parsing: "denied").initialStatus == .denied)
    let deny = try PermissionScenario(parsing: "prompt-deny")
    #expect(deny.initialStatus == .notDetermined)
    #expect(deny.promptAnswer == .denied)
    #expect(try PermissionScenario(parsing: "prompt-reduced").promptAccuracy == .reduced)
  }

  @Test func changesAtAFixAndAtATime() throws {
    let scenario = try PermissionScenario(
      parsing: "prompt-grant,revoke@fix:100,grant@20min,reduce@90s"
    )
    #expect(
      scenario.changes == [
        .init(at: .fix(100), status: .denied, accuracy: .full),
        .init(at: .elapsed(.seconds(1200)), status: .authorizedWhenInUse, accuracy: .full),
        .init(at: .elapsed(.seconds(90)), status: .authorizedWhenInUse, accuracy: .reduced),
      ]
    )
    #expect(scenario.dueChanges(beforeFix: 99, elapsed: .seconds(99), applied: []) == [2])
    #expect(scenario.dueChanges(beforeFix: 100, elapsed: .seconds(100), applied: [2]) == [0])
  }

  @Test(arguments: [
    "", "maybe", "granted,revoke", "granted,revoke@fix:-1", "granted,explode@10s",
    "granted,grant@soon",
  ])
  func badScenariosSayWhatWasExpected(text: String) {
    #expect(throws: PermissionScenarioError.self) { try PermissionScenario(parsing: text) }
  }

  @Test func scenarioFilesAreRead() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scenario-\(UUID()).json"
    )
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(
      #"{"initial":"notDetermined","prompt":"authorizedWhenInUse","changes":[{"at_fix":5,"status":"denied"},{"at_seconds":60,"status":"authorizedAlways","accuracy":"reduced"}]}"#
        .utf8
    ).write(to: url)
    let scenario = try PermissionScenario(contentsOf: url)
    #expect(scenario.initialStatus == .notDetermined)
    #expect(scenario.changes.count == 2)
    #expect(
      scenario.changes[1]
        == .init(at: .elapsed(.seconds(60)), status: .authorizedAlways, accuracy: .reduced)
    )
  }

  @Test func aBadScenarioFileNamesTheFileAndTheField() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scenario-\(UUID()).json"
    )
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(#"{"initial":"sometimes"}"#.utf8).write(to: url)
    let error = #expect(throws: PermissionScenarioError.self) {
      try PermissionScenario(contentsOf: url)
    }
    #expect(error?.description.contains(url.path) == true)
    #expect(error?.description.contains("\"initial\"") == true)
  }
}
