import Foundation
import Testing

@testable import MockPlaces

@Suite struct PlacesAPIHandlerTests {
  @Test func routesBothWireFormatsAndLeavesOtherPathsToTheEngine() async throws {
    let handler = PlacesAPIHandler(dataset: MockPlacesFixtures.row(5), pageTokenDelay: .zero)
    let legacy = try MockPlacesFixtures.json(
      await handler.respond(
        to: MockPlacesFixtures.nearby([MockPlacesFixtures.location, ("radius", "100")])
      )
    )
    #expect(legacy["status"] as? String == "OK")
    let new = await handler.respond(
      to: MockRequest(
        method: "POST",
        path: PlacesNewHandler.path,
        headers: [("X-Goog-FieldMask", "*")],
        body: Data()
      )
    )
    #expect(new?.status == 400)
    #expect(await handler.respond(to: MockRequest(method: "GET", path: "/admin/requests")) == nil)
  }
}
