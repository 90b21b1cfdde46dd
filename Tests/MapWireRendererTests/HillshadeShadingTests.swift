import Foundation
import MapWireCanvas
import MapWireGeometry
import MapWireStyle
@testable import MapWireRenderer
import Testing

/// The hillshade methods as MapLibre GL JS's hillshade shader shades a slope.
@Suite struct HillshadeShadingTests {
    static let black = PremultipliedColor(.black), white = PremultipliedColor(.white)

    static func shading(_ method: HillshadeShading.Method, exaggeration: Double = 0.5, lights: [HillshadeShading.Light]? = nil) -> HillshadeShading {
        HillshadeShading(method: method, exaggeration: exaggeration, accent: black,
                         lights: lights ?? [.init(azimuth: 335 * .pi / 180, altitude: .pi / 4, shadow: black, highlight: white)])
    }

    static func close(_ a: PremultipliedColor, _ b: PremultipliedColor) -> Bool {
        abs(a.r - b.r) < 1e-9 && abs(a.g - b.g) < 1e-9 && abs(a.b - b.b) < 1e-9 && abs(a.a - b.a) < 1e-9
    }

    @Test func flatGroundIsClearExceptUnderTheBasicLights() {
        for method in [HillshadeShading.Method.standard, .combined, .igor] {
            #expect(Self.shading(method).color(dx: 0, dy: 0) == .clear, "\(method)")
        }
        // Basic and multidirectional light flat ground as GDAL does: by the sine of the light's
        // altitude, here 45°, past the half-way grey into the highlight.
        let lit = Self.shading(.basic).color(dx: 0, dy: 0)
        #expect(Self.close(lit, Self.white * (2 * sin(Double.pi / 4) - 1)))
        #expect(Self.close(Self.shading(.multidirectional).color(dx: 0, dy: 0), lit))
    }

    @Test func slopesFacingTheLightAreHighlightedAndSlopesFacingAwayAreShadowed() {
        // The light comes from the north-north-west; a slope rising southwards faces north.
        for method in [HillshadeShading.Method.standard, .basic, .combined, .igor, .multidirectional] {
            let facing = Self.shading(method).color(dx: 0, dy: 0.8), away = Self.shading(method).color(dx: 0, dy: -0.8)
            // Black shadows and white highlights: lit slopes are brighter for the same opacity.
            let brightness = { (c: PremultipliedColor) in c.a > 0 ? c.r / c.a : 0 }
            #expect(brightness(facing) > brightness(away), "\(method)")
        }
    }

    @Test func multidirectionalAveragesTheBasicShadingOfEachLight() {
        let north = HillshadeShading.Light(azimuth: 0, altitude: 0.6, shadow: Self.black, highlight: Self.white)
        let east = HillshadeShading.Light(azimuth: .pi / 2, altitude: 0.9, shadow: PremultipliedColor(StyleColor(r: 0.5, g: 0, b: 0)), highlight: Self.white)
        let both = Self.shading(.multidirectional, lights: [north, east]).color(dx: 0.3, dy: -0.4)
        let one = Self.shading(.basic, lights: [north]).color(dx: 0.3, dy: -0.4)
        let other = Self.shading(.basic, lights: [east]).color(dx: 0.3, dy: -0.4)
        #expect(Self.close(both, (one + other) * 0.5))
    }

    @Test func standardShadingGrowsWithExaggerationAndVanishesAtZero() {
        let slope = (dx: 0.5, dy: 0.2)
        let weak = Self.shading(.standard, exaggeration: 0.2).color(dx: slope.dx, dy: slope.dy)
        let strong = Self.shading(.standard, exaggeration: 0.9).color(dx: slope.dx, dy: slope.dy)
        #expect(strong.a > weak.a)
        #expect(Self.shading(.standard, exaggeration: 0).color(dx: slope.dx, dy: slope.dy) == .clear)
    }

    @Test func lightListsAreEvenedOutByRepeatingTheirLastEntryAndTurnWithTheViewport() throws {
        let layer = try RenderLayer(json: [
            "id": "h", "type": "hillshade", "source": "dem",
            "paint": ["hillshade-method": "multidirectional", "hillshade-illumination-direction": [270, 315, 0],
                      "hillshade-illumination-altitude": 30, "hillshade-shadow-color": ["#ff0000", "#00ff00"]],
        ])
        #expect(layer.problems.isEmpty)
        let shading = HillshadePainter.shading(layer, Self.context(bearing: 90))
        #expect(shading.method == .multidirectional)
        #expect(shading.lights.count == 3)
        #expect(shading.lights.map(\.altitude).allSatisfy { abs($0 - .pi / 6) < 1e-12 })
        #expect(shading.lights.map(\.shadow) == [PremultipliedColor(StyleColor(r: 1, g: 0, b: 0)), PremultipliedColor(StyleColor(r: 0, g: 1, b: 0)),
                                                PremultipliedColor(StyleColor(r: 0, g: 1, b: 0))])
        // Anchored to the viewport (the default), each light turns with the map's bearing.
        #expect(abs(shading.lights[0].azimuth - (270 + 90) * .pi / 180) < 1e-12)
    }

    static func context(bearing: Double) -> PaintContext {
        let scene = TestScene.scene(style: TestScene.style(""), features: [])
        var camera = TestScene.camera
        camera.bearing = bearing
        let transform = MapWireGeometry.Transform(camera: camera, size: TestScene.size)
        return PaintContext(canvas: Canvas(width: 4, height: 4), transform: transform, zoom: 0, scene: scene,
                            style: try! RenderStyle(json: Data(TestScene.style("").utf8)), filtered: FilteredFeatureCache(), dem: DEMCache())
    }
}
