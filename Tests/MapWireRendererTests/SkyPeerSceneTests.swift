import Foundation
import MapWireFormats
import MapWireGeometry
@testable import MapWireRenderer
import MapWireRenderSuite
import Testing

/// The style's `sky` and pitches up to 85° against MapLibre GL JS 5.3.0's images of the same scenes
/// (Fixtures/SkyPeer: the styles written by make-scenes.py, GL's PNGs made with scripts/render-peer, as
/// the README there says): a GeoJSON map of fills and lines over a background at pitch 0, 60 and 85, with
/// and without a sky, and the sky's defaults and a zoom expression at pitches 75 and 80. The issue asks 97 %
/// alike (pixelmatch, threshold 0.13, the render suite's measure); each scene is held to the 99.9 % it
/// reached when made (99.97 % and more: README.md there).
@Suite struct SkyPeerSceneTests {
    static let scenes = PeerSceneFolder("SkyPeer")

    static let names = [
        "map-pitch0", "map-pitch60", "map-pitch85", "sky-pitch0", "sky-pitch60", "sky-pitch85",
        "sky-defaults-pitch80", "sky-zoom-pitch75",
    ]

    @Test(arguments: names)
    func sceneIsAlikeToMapLibre(_ scene: String) throws {
        let alike = try Self.scenes.similarity(scene, to: "\(scene).gl.png")
        #expect(alike >= 0.999, "\(scene): \(String(format: "%.3f", alike * 100)) % alike")
    }

    /// At a pixel ratio of 2 the horizon and the sky's band are placed in device pixels, as GL places them.
    @Test func theSkyIsAlikeAtPixelRatioTwo() throws {
        let ours = try Self.scenes.render(styleJSON: Data(contentsOf: Self.scenes.folder.appendingPathComponent("sky-pitch85.json")),
                                          style: Self.scenes.style("sky-pitch85"), size: ViewportSize(width: 256, height: 256), pixelRatio: 2)
        let theirs = try ImageDecoder.decode(Data(contentsOf: Self.scenes.folder.appendingPathComponent("sky-pitch85@2x.gl.png")))
        let alike = 1 - ImageDiff.compare(ours, theirs).ratio
        #expect(alike >= 0.999, "sky-pitch85@2x: \(String(format: "%.3f", alike * 100)) % alike")
    }

    /// Point labels at pitch 60 and 85: GL places them in screen space and cuts those too far away. At 85
    /// labels crowd toward the horizon and a few collisions are won by a neighbour other than GL's (98.87 %
    /// alike when made; 99.98 % at 60), so these are held to 98.5 %.
    @Test(.enabled(if: PeerSceneFolder.hasSharedGlyphs, "needs the shared glyph fixtures at /work/shared/fixtures/glyphs"),
          arguments: ["labels-pitch60", "labels-pitch85"])
    func labelsAreAlikeToMapLibre(_ scene: String) throws {
        let alike = try Self.scenes.similarity(scene, to: "\(scene).gl.png")
        #expect(alike >= 0.985, "\(scene): \(String(format: "%.3f", alike * 100)) % alike")
    }

    /// Below the pitch that shows the horizon the sky changes nothing; above it, the rows above the
    /// horizon are the sky's (transparent without one, as GL leaves them) and the map ends there.
    @Test func theSkyFillsWhatIsAboveTheHorizonOnly() throws {
        #expect(try Self.scenes.render("sky-pitch60").pixels == Self.scenes.render("map-pitch60").pixels)
        let sky = try Self.scenes.render("sky-pitch85"), map = try Self.scenes.render("map-pitch85")
        func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 4]) }
        // Row 198 is the last above GL's horizon at pitch 85 (TransformHorizonTests).
        #expect(pixel(map, 100, 10) == [0, 0, 0, 0] && pixel(map, 100, 198) == [0, 0, 0, 0])
        #expect(pixel(sky, 100, 10) == [0x3a, 0x7b, 0xd5, 255])  // sky-color, above the blend band
        #expect(pixel(map, 100, 199)[3] == 255 && pixel(sky, 100, 199) == pixel(map, 100, 199))
    }
}
