import Foundation
import MapWireVectorTile
import Testing
@testable import MapEngine

/// A vector source's `encoding` (the style specification's "mvt" or "mlt") travels with its spec, for
/// whatever reads its tiles in the core (offline regions find their labels' glyphs in them).
@Suite struct VectorSourceEncodingTests {
    @Test func aVectorSourceKeepsItsEncoding() throws {
        let mlt = try SourceSpecification(json: ["type": "vector", "tiles": ["t/{z}/{x}/{y}.mlt"], "encoding": "mlt"], baseURL: nil)
        #expect(mlt.vectorEncoding == .mlt)
        let plain = try SourceSpecification(json: ["type": "vector", "tiles": ["t/{z}/{x}/{y}.pbf"]], baseURL: nil)
        #expect(plain.vectorEncoding == .mvt)
        // A raster-dem source's encoding names its pixel packing, not a vector format.
        let dem = try SourceSpecification(json: ["type": "raster-dem", "tiles": ["d/{z}/{x}/{y}.png"], "encoding": "terrarium"], baseURL: nil)
        #expect(dem.vectorEncoding == .mvt)
    }
}
