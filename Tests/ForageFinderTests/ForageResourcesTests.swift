import ForagePlaceDataset
import ForageResources
import ForageTestSupport
import Foundation
import Testing

/// The data built into `forage` is the files under `Resources/demo`, byte for byte.
@Suite struct ForageResourcesTests {
  @Test func theBuiltInWalkIsTheFile() throws {
    let file = try Data(contentsOf: TestData.resource("demo/\(ForageResources.demoTrackName)"))
    #expect(ForageResources.demoTrack == Array(file))
  }

  @Test func theBuiltInPlacesAreTheFile() throws {
    let url = TestData.resource("demo/\(ForageResources.demoPlacesName)")
    let fromFile = try PlaceDataset.load(contentsOf: url)
    let builtIn = try ForageResources.loadDemoPlaces()
    #expect(builtIn.places == fromFile.places)
    #expect(builtIn.attribution == fromFile.attribution)
    #expect(builtIn.places.count == 427)
  }
}
