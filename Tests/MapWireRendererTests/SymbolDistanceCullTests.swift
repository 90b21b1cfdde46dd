import Foundation
import MapWireGeometry
@testable import MapWireRenderer
import Testing

/// GL's cut of symbols more than five times as far as the centre under pitch (MapLibre GL JS's
/// CollisionIndex).
@Suite struct SymbolDistanceCullTests {
    let size = ViewportSize(width: 1024, height: 768)

    func projector(pitch: Double) -> ScreenProjector {
        Transform(camera: Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 13, pitch: pitch), size: size).projector(atZoom: 13)
    }

    @Test func theCutIsAPerspectiveRatioBelowSixTenths() {
        #expect(!SymbolDistanceCull.isTooFar(groundScale: 1))
        #expect(!SymbolDistanceCull.isTooFar(groundScale: 0.2))
        #expect(SymbolDistanceCull.isTooFar(groundScale: 0.19))
        #expect(SymbolDistanceCull.isTooFar(groundScale: 0))
    }

    @Test func aFlatViewCutsNothing() {
        let flat = projector(pitch: 0)
        #expect(!SymbolDistanceCull.isTooFar(screenY: -1e6, flat))
        #expect(!SymbolDistanceCull.isTooFar(screenY: 1e6, flat))
    }

    /// At pitch 60 the top edge is about 2.37 times as far as the centre: nothing on screen is cut.
    @Test func nothingOnScreenIsCutAtPitchSixty() {
        let p = projector(pitch: 60)
        let top = p.perspectiveScale(atScreenY: 0)
        #expect(abs(1 / top - 2.366) < 0.01, "\(1 / top)")
        for y in stride(from: -100.0, through: 868, by: 4) { #expect(!SymbolDistanceCull.isTooFar(screenY: y, p)) }
    }

    /// Ground px north of the centre at zoom 13: depth D + g·sin 60°, cut past 4D / sin 60° ≈ 5321 px (D = 1152).
    @Test func anAnchorFarBeyondTheTopEdgeIsCut() {
        let p = projector(pitch: 60)
        let centre = WebMercator.project(LngLat(longitude: 0, latitude: 0), zoom: 13)
        let near = p.project(x: centre.x, y: centre.y - 5000), far = p.project(x: centre.x, y: centre.y - 5700)
        #expect(near.y < 0 && far.y < near.y)
        #expect(!SymbolDistanceCull.isTooFar(screenY: near.y, p))
        #expect(SymbolDistanceCull.isTooFar(screenY: far.y, p))
    }
}
