import Foundation
import MapWireCanvas
import MapWireFormats
import MapWireGeometry
@testable import MapWireRenderer
import MapWireRenderSuite
import Testing

/// A scene folder of styles drawn by the peer engines (scripts/render-peer) and by MapWire: each
/// `<scene>.json` carries its camera in its root; its data is GeoJSON (inline or a file), tiles in the folder
/// (a `tiles` template relative to it, the tiles the view covers loaded as the core would ask for
/// them), a sprite relative to the folder (or `local://` there), and glyphs from the shared fixtures.
struct PeerSceneFolder {
    let folder: URL
    /// Where the shared glyphs are: /work/shared/fixtures/glyphs, absent in a fresh clone.
    static let sharedGlyphs = URL(fileURLWithPath: "/work/shared/fixtures/glyphs")
    static var hasSharedGlyphs: Bool { FileManager.default.fileExists(atPath: sharedGlyphs.path) }

    init(_ name: String) {
        folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    }

    func style(_ scene: String) throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent("\(scene).json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Draws a scene as the renderer plugin would, at 512×512 (or `size`) logical px.
    func render(_ scene: String, size: ViewportSize = ViewportSize(width: 512, height: 512), pixelRatio: Double = 1) throws -> RGBAImage {
        try render(styleJSON: Data(contentsOf: folder.appendingPathComponent("\(scene).json")), style: style(scene), size: size,
                   pixelRatio: pixelRatio, scene: scene)
    }

    /// Draws a style of the folder given as JSON (`styleJSON`, parsed as `style`); `scene` names its image.
    func render(styleJSON styleData: Data, style: [String: Any], size: ViewportSize = ViewportSize(width: 512, height: 512),
                pixelRatio: Double = 1, scene: String? = nil) throws -> RGBAImage {
        let center = try #require(style["center"] as? [Double])
        let camera = Camera(center: LngLat(longitude: center[0], latitude: center[1]), zoom: style["zoom"] as? Double ?? 0,
                            bearing: style["bearing"] as? Double ?? 0, pitch: style["pitch"] as? Double ?? 0)
        let transform = Transform(camera: camera, size: size)
        var sources: [String: SourceData] = [:]
        for (id, value) in (style["sources"] as? [String: Any]) ?? [:] {
            guard let source = value as? [String: Any] else { continue }
            if source["type"] as? String == "geojson", let path = source["data"] as? String {
                sources[id] = .geojson(try GLGeoJSONTiling.tiler(data: Data(contentsOf: folder.appendingPathComponent(path))))
            } else if source["type"] as? String == "geojson", let inline = source["data"] {
                sources[id] = .geojson(try GLGeoJSONTiling.tiler(data: JSONSerialization.data(withJSONObject: inline)))
            } else if let template = (source["tiles"] as? [String])?.first {
                let cover = TileCover.tiles(for: transform, tileSize: source["tileSize"] as? Int ?? 512,
                                            minZoom: source["minzoom"] as? Int ?? 0, maxZoom: source["maxzoom"] as? Int ?? 22, roundZoom: true)
                var images: [CanonicalTileID: CanvasImage] = [:]
                for tile in cover {
                    let path = template.replacingOccurrences(of: "{z}", with: "\(tile.z)").replacingOccurrences(of: "{x}", with: "\(tile.x)")
                        .replacingOccurrences(of: "{y}", with: "\(tile.y)")
                    // Tiles the folder lacks are missing, as a server's 404s would leave them.
                    guard let data = try? Data(contentsOf: folder.appendingPathComponent(path)) else { continue }
                    images[tile] = try CanvasImage(encoded: data)
                }
                sources[id] = .raster(images)
            }
        }
        var sprite: SpriteAtlas?
        if let base = (style["sprite"] as? String)?.replacingOccurrences(of: "local://", with: "") {
            sprite = try SpriteAtlas(image: CanvasImage(encoded: Data(contentsOf: folder.appendingPathComponent(base + ".png"))),
                                     indexJSON: Data(contentsOf: folder.appendingPathComponent(base + ".json")))
        }
        var glyphs = GlyphStore()
        if style["glyphs"] != nil, Self.hasSharedGlyphs {
            let fonts = try FileManager.default.contentsOfDirectory(atPath: Self.sharedGlyphs.path)
            for font in fonts where !font.hasSuffix(".txt") {
                let range = Self.sharedGlyphs.appendingPathComponent(font).appendingPathComponent("0-255.pbf")
                if let data = try? Data(contentsOf: range) { try glyphs.add(fontStack: [font], rangePBF: data) }
            }
        }
        let renderScene = RenderScene(styleJSON: styleData, camera: camera, size: size, pixelRatio: pixelRatio,
                                      sources: sources, sprite: sprite, glyphs: glyphs)
        let frame = try MapRenderer().render(renderScene)
        let device = frame.canvas.devicePixelSize
        let image = RGBAImage(width: device.width, height: device.height, pixels: frame.canvas.rgba())
        if let scene { try? ImageEncoder.png(image).write(to: Self.output.appendingPathComponent("\(scene).mapwire.png")) }
        return image
    }

    /// Where MapWire's images and the diffs are left for a look.
    static let output: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-peer-scenes")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// The share of pixels alike (pixelmatch, threshold 0.13, the render suite's measure) between
    /// MapWire's image of a scene and `reference` (a PNG in the folder). MapWire's image and the diff
    /// are left in the temporary folder for a look.
    func similarity(_ scene: String, to reference: String, size: ViewportSize = ViewportSize(width: 512, height: 512)) throws -> Double {
        let ours = try render(scene, size: size)
        let theirs = try ImageDecoder.decode(Data(contentsOf: folder.appendingPathComponent(reference)))
        let diff = ImageDiff.compare(ours, theirs)
        try? ImageEncoder.png(diff.diffImage).write(to: Self.output.appendingPathComponent("\(scene).diff.png"))
        return 1 - diff.ratio
    }
}
