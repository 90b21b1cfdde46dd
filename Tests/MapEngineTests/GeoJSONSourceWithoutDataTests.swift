import Foundation
import Testing
@testable import MapEngine

/// A GeoJSON source without `data` is an empty source (GL engines draw the rest of the map; the
/// render suite's geojson/missing), not a style error that leaves the whole frame undrawn.
@Suite struct GeoJSONSourceWithoutDataTests {
    @Test func aGeoJSONSourceWithoutDataHoldsAnEmptyCollection() throws {
        let source = try SourceSpecification(json: ["type": "geojson"], baseURL: nil)
        #expect(source.kind == .geojson)
        #expect(source.url == nil)
        #expect(source.inlineData == Data(SourceSpecification.emptyGeoJSON.utf8))
    }

    @Test func otherSourcesStillNeedTheirData() {
        #expect(throws: StyleError.self) { try SourceSpecification(json: ["type": "vector"], baseURL: nil) }
        #expect(throws: StyleError.self) { try SourceSpecification(json: ["type": "image", "url": "x.png"], baseURL: nil) }
    }
}
