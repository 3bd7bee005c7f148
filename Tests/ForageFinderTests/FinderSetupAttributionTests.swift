import ForageFinder
import ForageProviders
import ForageSupport
import Testing

/// A run's attribution names each source once, in the order the notices came, whatever order
/// and spelling its provider, its dataset and the answers' notices use.
@Suite struct FinderSetupAttributionTests {
  static let osm = [
    OverpassProvider.attributionText,
    "Data (c) OpenStreetMap contributors, available under the Open Database License (ODbL) 1.0, "
      + "https://www.openstreetmap.org/copyright",
    "The data included in this document is from www.openstreetmap.org. "
      + "The data is made available under ODbL.",
  ]

  @Test func eachSourceIsNamedOnce() {
    let others = [GoogleAttribution.notice, "Listings by Yellow Pages"]
    // Every order of the OpenStreetMap notices, with the others before, between and after.
    for first in 0..<Self.osm.count {
      let notices =
        [others[0]] + Self.osm[first...] + [others[1]] + Self.osm[..<first] + [others[0]]
      let setup = FinderSetup(options: FinderOptions())
      let added = notices.map { setup.attribute($0) }

      #expect(
        setup.attribution
          == [others[0], AttributionNotice.openStreetMap, others[1]].joined(separator: "; ")
      )
      #expect(added.filter { $0 }.count == 3, "\(added)")
    }
  }
}
