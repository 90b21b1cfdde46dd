import Foundation
import MapWireCanvas
import MapWireFormats
import MapWireGeometry
@testable import MapWireRenderer
import MapWireRenderSuite
import Testing

/// Pitched patterns and extrusions against MapLibre GL JS 5.3.0's own images of the same scenes
/// (Fixtures/GLPeer: the styles, the pattern sprite and GL's PNGs, made once with scripts/bench-peer
/// as the README there says). Each scene must stay at least as alike as it was made (pixelmatch,
/// threshold 0.13, the render suite's measure); the figures are in docs/performance-history.md
/// ("Patterns and extrusions under pitch").
@Suite struct GLPeerSceneTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/GLPeer")

    /// Scene → the least share of pixels alike it must keep (reached: see BENCHMARKS.md).
    static let floors: [(String, Double)] = [
        ("fill-pattern-pitch60", 0.9995), // 99.988 % when made
        ("background-pattern-pitch60", 0.9995), // 99.998 %
        ("line-pattern-pitch60", 0.999), // 99.931 %
        ("extrusion-pattern", 0.998), // 99.878 %
        ("extrusion-gradient", 0.999), // 99.912 %
        ("extrusion-no-gradient", 0.999), // 99.911 %
    ]

    @Test(arguments: floors)
    func sceneIsAsAlikeToMapLibreAsItWasMade(_ scene: String, _ floor: Double) throws {
        let ours = try Self.render(scene)
        let theirs = try ImageDecoder.decode(Data(contentsOf: Self.folder.appendingPathComponent("\(scene).gl.png")))
        let diff = ImageDiff.compare(ours, theirs)
        #expect(1 - diff.ratio >= floor, "\(scene): \(diff.differentPixels) of \(diff.totalPixels) pixels differ")
    }

    /// The gradient scene differs from the one without (the property is read, not dropped as a
    /// number that is not one), and only on walls: roofs keep their colour.
    @Test func verticalGradientFalseChangesTheWallsOnly() throws {
        let with = try Self.render("extrusion-gradient"), without = try Self.render("extrusion-no-gradient")
        #expect(with.pixels != without.pixels)
        // GL's images differ the same way: walls darker toward the ground with the gradient.
        let glWith = try ImageDecoder.decode(Data(contentsOf: Self.folder.appendingPathComponent("extrusion-gradient.gl.png")))
        let glWithout = try ImageDecoder.decode(Data(contentsOf: Self.folder.appendingPathComponent("extrusion-no-gradient.gl.png")))
        func darker(_ a: RGBAImage, than b: RGBAImage) -> Int {
            (0..<(a.width * a.height)).filter { Int(a.pixels[$0 * 4]) + 8 < Int(b.pixels[$0 * 4]) }.count
        }
        let ours = darker(with, than: without), theirs = darker(glWith, than: glWithout)
        #expect(theirs > 1000)
        #expect(abs(ours - theirs) < theirs / 10, "pixels darkened by the gradient: MapWire \(ours), GL \(theirs)")
    }

    /// Draws a scene's style as the renderer plugin would: its camera from the style's root, its
    /// GeoJSON source cut as GL cuts it, the pattern sprite.
    static func render(_ scene: String) throws -> RGBAImage {
        try PeerSceneFolder("GLPeer").render(scene)
    }
}
