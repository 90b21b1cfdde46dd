import Testing
@testable import MapWireGeometry

/// Pitched covers as GL makes them (tiles of lower zoom toward the horizon): MapLibre GL JS
/// 5.3.0 lowers the zoom of far tiles only above a pitch of 78.5° less half the field of view (at most
/// 60°, Mercator without terrain), so at MapWire's pitches every tile has the view's one zoom.
@Suite struct TileCoverPitchTests {
    let size = ViewportSize(width: 1024, height: 768)

    func cover(_ camera: Camera) -> [CanonicalTileID] {
        TileCover.tiles(for: Transform(camera: camera, size: size), tileSize: 512, minZoom: 0, maxZoom: 22, roundZoom: false)
    }

    @Test func glsConstantZoomLimitIsSixtyAtItsDefaultFieldOfView() {
        #expect(abs(Transform.fieldOfViewDegrees - 36.8699) < 0.001)
        #expect(TileCover.constantZoomPitchLimit(fieldOfViewDegrees: Transform.fieldOfViewDegrees) == 60)
        // A wider field of view lowers it, a narrow one keeps it at 60.
        #expect(TileCover.constantZoomPitchLimit(fieldOfViewDegrees: 60) == 48.5)
        #expect(TileCover.constantZoomPitchLimit(fieldOfViewDegrees: 10) == 60)
        #expect(TileCover.constantZoomPitchLimit(fieldOfViewDegrees: 170) == 0)
    }

    /// Raising `Camera.maxPitch` past GL's limit needs GL's distance-based zooms in `TileCover.tiles`.
    @Test func mapWiresPitchNeverReachesGLsVariableZooms() {
        #expect(Camera.maxPitch <= TileCover.constantZoomPitchLimit(fieldOfViewDegrees: Transform.fieldOfViewDegrees))
        #expect(Transform(camera: Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 13, pitch: 85), size: size).camera.pitch == 60)
    }

    @Test(arguments: [(13.3, 45.0, 30.0), (13.3, 60.0, 0.0), (12.0, 60.0, 30.0), (15.9, 60.0, 170.0)])
    func pitchedCoversKeepOneZoomAndStayBounded(_ zoom: Double, _ pitch: Double, _ bearing: Double) {
        let centre = LngLat(longitude: -87.65, latitude: 41.85)
        let flat = cover(Camera(center: centre, zoom: zoom, bearing: bearing))
        let pitched = cover(Camera(center: centre, zoom: zoom, bearing: bearing, pitch: pitch))
        let z = Int(zoom.rounded(.down))
        #expect(Set(pitched.map(\.z)) == [z])
        #expect(Set(flat.map(\.z)) == [z])
        // The top edge at pitch 60 is about 2.4 times as far as the centre: at most a few dozen tiles.
        #expect(pitched.count >= flat.count && pitched.count <= 40, "\(pitched.count) tiles")
        #expect(Set(pitched).isSuperset(of: flat.filter { $0 == flat.first }))
    }
}
