import Foundation
import MapWireCanvas
import MapWireGeometry
@testable import MapWireRenderer
import MapWireVectorTile
import Testing

/// Under pitch a line's width shrinks with distance as GL draws it (on the ground, in px at the centre's
/// distance), instead of keeping its screen width up to the horizon; a solid line is foreshortened too.
@Suite struct PerspectiveLineTests {
    let renderer = MapRenderer()

    /// The widest run of opaque-enough pixels in screen row `y`.
    func width(_ frame: MapRenderer.Frame, row y: Int) -> Int {
        (0..<512).filter { TestScene.pixel(frame, $0, y)[3] > 127 }.count
    }

    func northSouthLine(pitch: Double, width: Double) throws -> MapRenderer.Frame {
        let camera = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 0, pitch: pitch)
        let line = [VectorFeature(type: .lineString, geometry: [[TestScene.point(2048, 0), TestScene.point(2048, 4096)]])]
        let style = TestScene.style(##"{"id":"l","type":"line","source":"s","source-layer":"shapes","paint":{"line-color":"#000","line-width":\##(width)}}"##)
        return try renderer.render(TestScene.scene(style: style, features: line, camera: camera))
    }

    @Test func aPitchedLineIsItsWidthAtTheCentreNarrowerFarAndWiderNear() throws {
        let frame = try northSouthLine(pitch: 50, width: 20)
        let far = width(frame, row: 140), centre = width(frame, row: 256), near = width(frame, row: 440)
        #expect((19...21).contains(centre), "centre \(centre)")
        #expect(far <= centre - 4, "far \(far), centre \(centre)")
        #expect(near >= centre + 4, "near \(near), centre \(centre)")
    }

    /// GL lays the width out on the ground: a line across the view is foreshortened like the ground, by
    /// cos(pitch) at the centre (half its width at 60°), while one running into the distance keeps its width there.
    @Test func aLineAcrossThePitchedViewIsForeshortenedLikeTheGround() throws {
        let camera = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 0, pitch: 60)
        let line = [VectorFeature(type: .lineString, geometry: [[TestScene.point(0, 2048), TestScene.point(4096, 2048)]])]
        let style = TestScene.style(##"{"id":"l","type":"line","source":"s","source-layer":"shapes","paint":{"line-color":"#000","line-width":20}}"##)
        let frame = try renderer.render(TestScene.scene(style: style, features: line, camera: camera))
        let thickness = (0..<512).filter { TestScene.pixel(frame, 256, $0)[3] > 127 }.count
        #expect((9...11).contains(thickness), "\(thickness) px")
        #expect((19...21).contains(width(try northSouthLine(pitch: 60, width: 20), row: 256)))
    }

    /// The ground under a screen point, and back: the projector's own mapping either way.
    @Test func groundAndScreenInvertEachOther() {
        let transform = Transform(camera: Camera(center: LngLat(longitude: 13.4, latitude: 52.5), zoom: 14, bearing: 20, pitch: 85),
                                  size: ViewportSize(width: 512, height: 512))
        let projector = transform.projector(atZoom: 14)
        for (x, y) in [(0.0, 512.0), (256, 256), (500, 210), (30, 380)] {
            let ground = projector.ground(ofScreen: (x, y))
            let back = projector.screen(ofGround: ground)
            #expect(abs(back.x - x) < 1e-6 && abs(back.y - y) < 1e-6)
            let world = transform.groundPoint(screenX: x, screenY: y, atZoom: 14)
            let projected = projector.project(x: world.x, y: world.y)
            #expect(abs(projected.x - x) < 1e-6 && abs(projected.y - y) < 1e-6)
        }
        #expect(projector.ground(ofScreen: (256, 256)) == (0, 0))
    }

    @Test func aFlatLineKeepsItsWidthEverywhere() throws {
        let frame = try northSouthLine(pitch: 0, width: 20)
        #expect([40, 256, 470].map { width(frame, row: $0) } == [20, 20, 20])
    }

    @Test func runsFollowTheScaleStepsAndShareTheirEnds() {
        // Scale 1 below y = 100, 0.5 above: a line up the screen splits into two runs meeting at (0, 100).
        let line = [Point2D(x: 0, y: 300), Point2D(x: 0, y: 150), Point2D(x: 0, y: 100), Point2D(x: 0, y: 50), Point2D(x: 0, y: 0)]
        let runs = PerspectiveLineRuns.runs(line, closed: false) { $0 < 100 ? 0.5 : 1 }
        #expect(runs.map(\.step) == [0, -8])
        // The segment from y = 100 to 50 spans eight steps: cut into nine pieces.
        #expect(runs.map(\.points.count) == [3, 11])
        #expect(runs[0].points.last == runs[1].points.first)
        #expect(PerspectiveLineRuns.scale(ofStep: -8) == 0.5)
        // A ring at one scale stays closed.
        let ring = [Point2D(x: 0, y: 0), Point2D(x: 10, y: 0), Point2D(x: 10, y: 10)]
        let closed = PerspectiveLineRuns.runs(ring, closed: true) { _ in 1 }
        #expect(closed.count == 1 && closed[0].closed && closed[0].points.count == 3)
    }
}
