import Foundation
import MapEngine
import MapWireCanvas
import MapWireProtocol
import MapWireRenderer
import MapWireVectorTile

/// Turns a RenderFrame request and the cached resources into the renderer's scene.
enum SceneBuilder {
    static func scene(for frame: Mapwire_V1_RenderFrame, cache: ResourceCache, atlases: AtlasCache) throws -> RenderScene {
        guard case .style(let styleJSON)? = cache[frame.styleKey] else {
            throw RendererPluginError("the frame names style \(frame.styleKey), which was never sent")
        }
        var sources: [String: SourceData] = [:]
        var vector: [String: [CanonicalTileID: VectorTileData]] = [:]
        var raster: [String: [CanonicalTileID: CanvasImage]] = [:]
        var spriteIndex: Data?
        var spriteImage: CanvasImage?
        var glyphs = GlyphStore()
        var added: [SpriteAtlas.AddedImage] = []
        var atlasKey = ""
        for resource in frame.resources {
            let tile = CanonicalTileID(z: Int(resource.tileID.z), x: Int(resource.tileID.x), y: Int(resource.tileID.y))
            switch cache[resource.key] {
            case .vectorTile(let data)?: vector[resource.sourceID, default: [:]][tile] = data
            case .rasterTile(let image)?: raster[resource.sourceID, default: [:]][tile] = image
            case .geojson(let tiler)?: sources[resource.sourceID] = .geojson(tiler)
            case .image(let image)? where resource.kind == .styleImage:
                added.append(SpriteAtlas.AddedImage(name: resource.imageID, image: image,
                                                    pixelRatio: resource.imagePixelRatio > 0 ? resource.imagePixelRatio : 1, sdf: resource.sdf))
                atlasKey += "+" + resource.key
            case .image(let image)? where resource.kind == .image:
                let corners = resource.coordinates.map { LngLat(longitude: $0.longitude, latitude: $0.latitude) }
                if corners.count == 4 { sources[resource.sourceID] = .image(image, corners: corners) }
            case .image(let image)?:
                spriteImage = image
                atlasKey = resource.key + atlasKey
            case .spriteIndex(let data)?: spriteIndex = data
            case .glyphs(let data)?: try? glyphs.add(fontStack: resource.fontStack, rangePBF: data)
            case .style?, .broken?, nil: continue
            }
        }
        for (id, tiles) in vector { sources[id] = .vector(tiles) }
        for (id, tiles) in raster { sources[id] = .raster(tiles) }
        let base = spriteImage.flatMap { image in spriteIndex.flatMap { try? SpriteAtlas(image: image, indexJSON: $0) } }
        let sprite = added.isEmpty ? base : atlases.atlas(key: atlasKey) { SpriteAtlas.combining(base, with: added) }
        let c = frame.camera
        return RenderScene(
            styleJSON: styleJSON,
            camera: Camera(center: LngLat(longitude: c.center.longitude, latitude: c.center.latitude), zoom: c.zoom,
                           bearing: c.bearing, pitch: c.pitch),
            size: ViewportSize(width: Int(max(1, c.width)), height: Int(max(1, c.height))),
            pixelRatio: frame.pixelRatio > 0 ? frame.pixelRatio : 1,
            sources: sources, sprite: sprite, glyphs: glyphs)
    }
}

struct RendererPluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The sprite with the added style images, built once per combination of their keys.
final class AtlasCache {
    private var last: (key: String, atlas: SpriteAtlas)?

    func atlas(key: String, build: () -> SpriteAtlas) -> SpriteAtlas {
        if let last, last.key == key { return last.atlas }
        let atlas = build()
        last = (key, atlas)
        return atlas
    }
}
