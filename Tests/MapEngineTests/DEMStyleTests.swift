import Foundation
import Testing
@testable import MapEngine

/// Styles over `raster-dem` sources load as GL engines load them: a `color-relief` layer is a layer
/// type like any other, and a DEM source is tiled like a raster source.
@Suite struct DEMStyleTests {
    static let style = #"""
    {"version": 8,
     "sources": {"dem": {"type": "raster-dem", "tiles": ["dem/{z}/{x}/{y}.png"], "tileSize": 256, "encoding": "terrarium"}},
     "layers": [{"id": "relief", "type": "color-relief", "source": "dem",
                 "paint": {"color-relief-color": ["interpolate", ["linear"], ["elevation"], 0, "green", 2000, "white"]}},
                {"id": "shade", "type": "hillshade", "source": "dem", "paint": {"hillshade-method": "igor"}}]}
    """#

    @Test func aColorReliefLayerLoads() throws {
        let document = try StyleDocument(data: Data(Self.style.utf8), baseURL: nil)
        #expect(document.layers.map(\.type) == ["color-relief", "hillshade"])
    }

    @Test func aDEMSourceIsTiledAndPicksTheNearestZoomAsRasterSourcesDo() throws {
        let document = try StyleDocument(data: Data(Self.style.utf8), baseURL: nil)
        let source = try #require(document.sources.first?.spec)
        #expect(source.kind == .rasterDEM)
        #expect(source.isTiled && source.roundsZoom)
        #expect(source.tileSize == 256)
    }
}
