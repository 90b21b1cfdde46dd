import Foundation
import MapWireFormats
import MapWireGeometry
import MapWireRenderer
import MapWireVectorTile

/// Scenes the renderer tests draw: one z0 tile of extent 4096 filling a 512×512 view at zoom 0.
enum TestScene {
    static let camera = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 0)
    static let size = ViewportSize(width: 512, height: 512)
    static let tile = CanonicalTileID(z: 0, x: 0, y: 0)

    static func point(_ x: Int32, _ y: Int32) -> TilePoint { TilePoint(x: x, y: y) }

    /// Tile units are 8 per screen px here (4096 / 512).
    static func square(_ x0: Int32, _ y0: Int32, _ x1: Int32, _ y1: Int32) -> [TilePoint] {
        [point(x0, y0), point(x1, y0), point(x1, y1), point(x0, y1)]
    }

    static func scene(style: String, features: [VectorFeature], layer: String = "shapes", pixelRatio: Double = 1,
                      camera: Camera = camera) -> RenderScene {
        let data = VectorTileData(layers: [layer: VectorLayer(name: layer, features: features)], layerOrder: [layer])
        return RenderScene(styleJSON: Data(style.utf8), camera: camera, size: size, pixelRatio: pixelRatio,
                           sources: ["s": .vector([tile: data])], sprite: nil, glyphs: GlyphStore())
    }

    static func style(_ layers: String) -> String {
        ##"{"version":8,"sources":{"s":{"type":"vector","tiles":["x://{z}/{x}/{y}"]}},"layers":[\##(layers)]}"##
    }

    /// RGBA of the pixel at (x, y) of a rendered frame.
    static func pixel(_ frame: MapRenderer.Frame, _ x: Int, _ y: Int) -> [UInt8] {
        let rgba = frame.canvas.rgba()
        let width = Int((Double(frame.canvas.width) * frame.canvas.pixelRatio).rounded())
        let i = (y * width + x) * 4
        return Array(rgba[i..<i + 4])
    }
}
