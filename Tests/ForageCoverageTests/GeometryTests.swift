import ForageGeodesy
import Foundation
import Testing

@testable import ForageCoverage

/// The GEOS wrapper: construction, errors as values, buffers with a chosen fit, prepared tests.
@Suite struct GeometryTests {
  @Test func invalidWKTBecomesASwiftErrorWithGEOSMessage() throws {
    let context = try GEOSContext()
    do {
      _ = try Geometry(wkt: "POINTX (1 2)", in: context)
      Issue.record("expected a parse error")
    } catch {
      #expect(error.operation == "GEOSWKTReader_read_r")
      #expect(error.message.contains("ParseException"))
    }
    // The context keeps working after an error.
    let point = try Geometry(wkt: "POINT (1 2)", in: context)
    #expect(try point.wkt() == "POINT (1 2)")
  }

  @Test func aLineWithOnePointIsAnErrorNotACrash() throws {
    let context = try GEOSContext()
    do {
      _ = try Geometry.lineString([PlanarPoint(x: 0, y: 0)], in: context)
      Issue.record("expected an error")
    } catch {
      #expect(error.operation == "GEOSGeom_createLineString_r")
      #expect(error.message.contains("IllegalArgumentException"))
    }
  }

  @Test func inscribedBufferLiesInsideTheCircleAndCircumscribedOutside() throws {
    let context = try GEOSContext()
    let centre = try Geometry.point(PlanarPoint(x: 0, y: 0), in: context)
    let radius = 500.0
    let inscribed = try centre.buffer(radius, fit: .inscribed)
    let circumscribed = try centre.buffer(radius, fit: .circumscribed)
    // A point on the circle midway between two vertices is outside the inscribed polygon.
    let angle = Double.pi / 32
    let onCircle = try Geometry.point(
      PlanarPoint(x: radius * cos(angle), y: radius * sin(angle)),
      in: context
    )
    #expect(try !inscribed.covers(onCircle))
    #expect(try circumscribed.covers(onCircle))
    // Area: inscribed < πr² < circumscribed.
    #expect(try inscribed.area < .pi * radius * radius)
    #expect(try circumscribed.area > .pi * radius * radius)
    // Every circle point is inside the circumscribed polygon.
    let prepared = try circumscribed.prepared()
    for step in 0..<720 {
      let theta = Double(step) * .pi / 360
      let point = try Geometry.point(
        PlanarPoint(x: radius * cos(theta), y: radius * sin(theta)),
        in: context
      )
      #expect(try prepared.covers(point))
    }
  }

  @Test func unionIntersectionAndDistanceWithin() throws {
    let context = try GEOSContext()
    let a = try Geometry.rectangle(minX: 0, minY: 0, maxX: 2, maxY: 2, in: context)
    let b = try Geometry.rectangle(minX: 1, minY: 1, maxX: 3, maxY: 3, in: context)
    #expect(try a.union(b).area == 7)
    #expect(try a.intersection(b).area == 1)
    #expect(try Geometry.union([a, b, a], in: context).area == 7)
    let line = try Geometry.lineString(
      [PlanarPoint(x: 0, y: 10), PlanarPoint(x: 10, y: 10)],
      in: context
    )
    let point = try Geometry.point(PlanarPoint(x: 5, y: 13), in: context)
    #expect(try line.distance(to: point) == 3)
    #expect(try line.isWithinDistance(3, of: point))
    #expect(try !line.isWithinDistance(2.999, of: point))
    #expect(try line.prepared().isWithinDistance(3, of: point))
    #expect(try a.prepared().intersects(b))
    #expect(try a.contains(Geometry.point(PlanarPoint(x: 1, y: 1), in: context)))
  }

  @Test func geometriesOutliveTheirCallerAndKeepTheContextAlive() throws {
    var geometry: Geometry? = try Geometry.point(PlanarPoint(x: 1, y: 1), in: GEOSContext())
    #expect(try geometry?.wkt() == "POINT (1 1)")
    geometry = nil
    #expect(geometry == nil)
  }
}
