import Foundation
import Testing
@testable import MapWireGeometry

/// The horizon of a steeply pitched view as MapLibre GL JS 5 computes it (its mercator transform): the map
/// ends 85 % of the way up to the true horizon, where its far plane meets the ground.
@Suite struct TransformHorizonTests {
    let size = ViewportSize(width: 512, height: 512)

    func transform(pitch: Double) -> Transform {
        Transform(camera: Camera(center: LngLat(longitude: 13.4, latitude: 52.5), zoom: 14, bearing: 20, pitch: pitch), size: size)
    }

    @Test func theHorizonComesIntoViewAboveAboutSixtyEightAndAHalfDegrees() {
        // 1.5 × 512 × 0.85 × tan(90° − p): half the screen's height (256 px) at p ≈ 68.6°.
        #expect(transform(pitch: 60).groundTop == 0)
        #expect(transform(pitch: 68.5).groundTop == 0)
        #expect(transform(pitch: 68.7).groundTop > 0)
        // GL's own image of the pitch-85 scene has its last sky row at 198, its first map row at 199 (Fixtures/SkyPeer).
        #expect(abs(transform(pitch: 80).horizonAboveCenter - 768 * 0.85 * tan(10 * Double.pi / 180)) < 1e-9)
        // Close to 90°, GL keeps the horizon 0.75° below the true one instead, the nearer of the two.
        #expect(abs(transform(pitch: 85).horizonAboveCenter - 768 * tan(4.25 * Double.pi / 180)) < 1e-9)
        #expect(abs(transform(pitch: 85).groundTop - 198.93) < 0.01)
    }

    /// The quad the tiles are cut from ends at the horizon, not at the sky-filled top of the screen.
    @Test func theVisibleQuadEndsAtTheHorizon() {
        let t = transform(pitch: 85)
        let quad = t.visibleQuad(atZoom: 14)
        let farLeft = t.groundPoint(screenX: 0, screenY: t.groundTop, atZoom: 14)
        #expect(abs(quad[0].x - farLeft.x) < 1e-6 && abs(quad[0].y - farLeft.y) < 1e-6)
        let projected = t.projector(atZoom: 14).project(x: quad[1].x, y: quad[1].y)
        #expect(abs(projected.x - 512) < 1e-6 && abs(projected.y - t.groundTop) < 1e-6)
    }
}
