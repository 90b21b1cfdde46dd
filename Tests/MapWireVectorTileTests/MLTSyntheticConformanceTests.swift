import Foundation
import MapWireVectorTile
import Testing

/// The MapLibre Tile project's synthetic conformance tiles (written by its Java and Rust reference
/// encoders: every geometry type and mix, ids of both widths, every property type, nulls, delta,
/// RLE, FastPFOR, Morton, vertex dictionaries, FSST, shared dictionaries, tessellated polygons)
/// decode to the features their expected GeoJSON lists.
@Suite struct MLTSyntheticConformanceTests {
    @Test func theFixturesAreThere() {
        #expect(MLTFixtures.syntheticNames.count > 500)
    }

    @Test(arguments: MLTFixtures.syntheticNames)
    func decodesAsExpected(_ name: String) throws {
        let fixture = try MLTFixtures.synthetic(name)
        let decoded = try MLTDecoder.decode(fixture.tile)
        let expected = try MLTFixtures.expectedTile(fixture.expected)
        let difference = MLTFixtures.difference(decoded, expected)
        #expect(difference == nil, "\(name): \(difference ?? "")")
    }
}
