import Foundation
import MapWireFormats
import MapWireGeometry
@testable import MapWireRenderer
import MapWireRenderSuite
import Testing

/// Heatmaps, hillshades, colour relief, gradient lines and symbol overlap modes against the peers'
/// images of the same scenes (Fixtures/PeerScenes: the styles, the DEM tiles and the sprite written
/// by make-scenes.py, and MapLibre GL JS 5.3.0's PNGs made with scripts/render-peer, as the README
/// there says). Colour relief, which neither installable peer draws, is held against the style
/// specification's colour ramp applied to the same DEM (color-relief.expected.png). Each scene must
/// be at least 97 % alike (pixelmatch, threshold 0.13, the render suite's measure).
@Suite struct PeerSceneTests {
    static let scenes = PeerSceneFolder("PeerScenes")

    struct Case: CustomStringConvertible, Sendable {
        let scene: String
        let reference: String
        let size: Int
        var description: String { "\(scene) against \(reference)" }
    }

    static let cases: [Case] = [
        "heatmap", "heatmap-ramp", "heatmap-pitch",
        "hillshade", "hillshade-colors", "hillshade-map-anchor",
        "line-gradient", "line-gradient-tiles",
        "icon-overlap-never", "icon-overlap-always", "icon-overlap-cooperative",
    ].map { Case(scene: $0, reference: "\($0).gl.png", size: 512) } + [
        Case(scene: "hillshade-mapbox", reference: "hillshade-mapbox.gl.png", size: 256),
        Case(scene: "hillshade-custom", reference: "hillshade-custom.gl.png", size: 256),
        Case(scene: "color-relief", reference: "color-relief.expected.png", size: 512),
    ]

    @Test(arguments: cases)
    func sceneIsAlikeToItsReference(_ c: Case) throws {
        let alike = try Self.scenes.similarity(c.scene, to: c.reference, size: ViewportSize(width: c.size, height: c.size))
        #expect(alike >= 0.97, "\(c): \(String(format: "%.3f", alike * 100)) % alike")
    }

    /// The hillshade methods GL JS 5.3 does not have (no peer image): each shades the landscape, each
    /// differently, and "standard" is the method a layer without one gets.
    @Test func everyHillshadeMethodShadesTheLandscapeInItsOwnWay() throws {
        let methods = ["basic", "combined", "igor", "multidirectional"]
        let images = try methods.map { try Self.scenes.render("hillshade-\($0)") }
        let plain = try Self.scenes.render("hillshade")
        for (method, image) in zip(methods, images) {
            let shaded = stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0] < 250 || image.pixels[$0 + 1] < 250 }.count
            #expect(shaded > image.width * image.height / 4, "\(method): \(shaded) shaded pixels")
            #expect(image.pixels != plain.pixels, "\(method) shades as standard does")
        }
        for i in images.indices {
            for j in images.indices where j > i {
                #expect(ImageDiff.compare(images[i], images[j]).ratio > 0.05, "\(methods[i]) and \(methods[j]) shade alike")
            }
        }
        var style = try Self.scenes.style("hillshade")
        var layers = try #require(style["layers"] as? [[String: Any]])
        layers[1]["paint"] = ["hillshade-method": "standard"]
        style["layers"] = layers
        #expect(try Self.scenes.render(styleJSON: JSONSerialization.data(withJSONObject: style), style: style) == plain)
    }

    @Test(.enabled(if: PeerSceneFolder.hasSharedGlyphs, "needs the shared glyph fixtures at /work/shared/fixtures/glyphs"))
    func textOverlapIsAlikeToGL() throws {
        let alike = try Self.scenes.similarity("text-overlap", to: "text-overlap.gl.png")
        #expect(alike >= 0.97, "text-overlap: \(String(format: "%.3f", alike * 100)) % alike")
    }
}
