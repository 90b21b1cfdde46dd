import Foundation
import Testing
@testable import MapWireGeometry

/// Pitched covers as GL makes them (tiles of lower zoom toward the horizon): MapLibre GL JS
/// 5.3.0 lowers the zoom of far tiles only above a pitch of 78.5° less half the field of view (at most
/// 60°, Mercator without terrain): up to 60° every tile has the view's one zoom, above it zooms go by distance.
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

    /// GL's wanted zoom: at the centre of a view pitched 85°, the centre's zoom + log2(1 / cos(fov/2))
    /// + log2(cos 85°) / 2 ≈ 1.68 lower; straight under the camera, log2(1 / cos 85°) + 0.08 ≈ 3.6 higher.
    @Test func wantedZoomFollowsGLsFormula() {
        let p = 85 * Double.pi / 180, fov = Transform.fieldOfViewDegrees
        let atCentre = TileCover.wantedZoom(centerZoom: 14, groundDistance: sin(p), cameraHeight: cos(p), centerDistance: 1, fieldOfViewDegrees: fov)
        #expect(abs(atCentre - (14 + log2(1 / cos(fov / 2 * .pi / 180)) + log2(cos(p)) / 2)) < 1e-12)
        #expect(abs(atCentre - 12.317) < 0.01)
        let underCamera = TileCover.wantedZoom(centerZoom: 14, groundDistance: 0, cameraHeight: cos(p), centerDistance: 1, fieldOfViewDegrees: fov)
        #expect(abs(underCamera - (14 + log2(1 / cos(p)) + 0.0768)) < 0.001)
    }

    /// Above 60° the cover has several zooms, lower away from the camera, and its tiles never overlap.
    @Test(arguments: [(14.0, 85.0, 20.0), (13.0, 75.0, -35.0), (16.5, 70.0, 170.0)])
    func steepCoversLowerTheZoomWithDistance(_ zoom: Double, _ pitch: Double, _ bearing: Double) {
        let centre = LngLat(longitude: 13.4, latitude: 52.5)
        let transform = Transform(camera: Camera(center: centre, zoom: zoom, bearing: bearing, pitch: pitch), size: size)
        let tiles = TileCover.tiles(for: transform, tileSize: 512, minZoom: 0, maxZoom: 22, roundZoom: false)
        #expect(Set(tiles.map(\.z)).count > 1)
        #expect(tiles.count < 200, "\(tiles.count) tiles")
        for a in tiles {
            for b in tiles where b.z > a.z {
                let shift = b.z - a.z
                #expect(!(b.x >> shift == a.x && b.y >> shift == a.y), "\(b) lies inside \(a)")
            }
        }
        // The nearest tile to the centre holds it; the lowest zoom's tiles are farther away than the highest's.
        let c = WebMercator.project(centre, zoom: Double(tiles[0].z))
        #expect(Int(c.x / WebMercator.tileSize) == tiles[0].x && Int(c.y / WebMercator.tileSize) == tiles[0].y)
        let world = WebMercator.project(centre, zoom: 0)
        func meanDistance(_ z: Int) -> Double {
            let ofZoom = tiles.filter { $0.z == z }
            return ofZoom.map { t in
                let n = Double(1 << t.z), x = (Double(t.x) + 0.5) / n * WebMercator.tileSize, y = (Double(t.y) + 0.5) / n * WebMercator.tileSize
                return ((x - world.x) * (x - world.x) + (y - world.y) * (y - world.y)).squareRoot()
            }.reduce(0, +) / Double(ofZoom.count)
        }
        #expect(meanDistance(tiles.map(\.z).min()!) > meanDistance(tiles.map(\.z).max()!))
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
