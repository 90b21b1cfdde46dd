import Foundation
import MapWireCanvas
import MapWireGeometry
import MapWireProtocol
import MapWireRenderer
import MapWireVectorTile

/// Turns a RenderFrame request and the cached resources into the renderer's scene.
enum SceneBuilder {
    /// The scene, and what in the frame's resources could not be used while building it (icons
    /// of the sprite index outside the sprite image), by resource key.
    static func scene(for frame: Mapwire_V1_RenderFrame, cache: ResourceCache, atlases: AtlasCache) throws
        -> (scene: RenderScene, unusable: [ResourceCache.Unusable])
    {
        guard case .style(let styleJSON)? = cache[frame.styleKey] else {
            throw RendererPluginError("the frame names style \(frame.styleKey), which was never sent")
        }
        var sources: [String: SourceData] = [:]
        var vector: [String: [CanonicalTileID: VectorTileData]] = [:]
        var raster: [String: [CanonicalTileID: CanvasImage]] = [:]
        var spriteIndex: (key: String, data: Data)?
        var spriteImage: (key: String, image: CanvasImage)?
        var glyphs = GlyphStore()
        var added: [SpriteAtlas.AddedImage] = []
        var atlasKey = ""
        var annotations: [OverlayAnnotation] = []
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
                spriteImage = (resource.key, image)
                atlasKey = resource.key + atlasKey
            case .spriteIndex(let data)?: spriteIndex = (resource.key, data)
            case .glyphs(let range)?: glyphs.add(range)
            case .annotations(let list)?: annotations = list
            case .style?, .broken?, nil: continue
            }
        }
        for (id, tiles) in vector { sources[id] = .vector(tiles) }
        for (id, tiles) in raster { sources[id] = .raster(tiles) }
        var unusable: [ResourceCache.Unusable] = []
        let base = spriteImage.flatMap { image in
            spriteIndex.flatMap { index in atlases.sprite(key: image.key + "|" + index.key) { try? SpriteAtlas(image: image.image, indexJSON: index.data) } }
        }
        if let base, let index = spriteIndex, !base.skipped.isEmpty {
            let named = base.skipped.prefix(3).joined(separator: "; ") + (base.skipped.count > 3 ? "; …" : "")
            unusable.append(.init(key: index.key, message: "the sprite index has \(base.skipped.count) unusable icons: \(named)"))
        }
        let sprite = added.isEmpty ? base : atlases.atlas(key: atlasKey) { SpriteAtlas.combining(base, with: added) }
        let c = frame.camera
        var scene = RenderScene(
            styleJSON: styleJSON,
            camera: Camera(center: LngLat(longitude: c.center.longitude, latitude: c.center.latitude), zoom: c.zoom,
                           bearing: c.bearing, pitch: c.pitch),
            size: ViewportSize(width: Int(max(1, c.width)), height: Int(max(1, c.height))),
            pixelRatio: frame.pixelRatio > 0 ? frame.pixelRatio : 1,
            sources: sources, sprite: sprite, glyphs: glyphs)
        scene.overlay = SceneOverlay(annotations: annotations, puck: frame.hasPuck ? OverlayDecoding.puck(frame.puck) : nil,
                                     callout: frame.hasCallout ? OverlayDecoding.callout(frame.callout) : nil)
        return (scene, unusable)
    }
}

struct RendererPluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The sprite with the added style images, built once per combination of their keys.
final class AtlasCache {
    private var last: (key: String, atlas: SpriteAtlas)?
    /// The sprite alone, its index read once per pair of keys (reading the JSON every frame cost
    /// milliseconds a frame).
    private var lastSprite: (key: String, atlas: SpriteAtlas?)?

    func sprite(key: String, build: () -> SpriteAtlas?) -> SpriteAtlas? {
        if let lastSprite, lastSprite.key == key { return lastSprite.atlas }
        let atlas = build()
        lastSprite = (key, atlas)
        return atlas
    }

    func atlas(key: String, build: () -> SpriteAtlas) -> SpriteAtlas {
        if let last, last.key == key { return last.atlas }
        let atlas = build()
        last = (key, atlas)
        return atlas
    }
}
