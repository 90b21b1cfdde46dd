import Foundation
import MapWireGeometry

/// What a renderer needs to draw the current view: the style and every resource it refers to,
/// each under a key that names its content (so a renderer can keep what it has seen).
extension Map {
    public func renderResources() -> (styleKey: String, resources: [RenderResource]) {
        renderResources(tiles: nil)
    }

    /// The same for given tiles per source (a view's, Map+Views.swift); nil: the map's visible tiles.
    func renderResources(tiles: [String: [CanonicalTileID]]?) -> (styleKey: String, resources: [RenderResource]) {
        guard let style else { return ("", []) }
        var resources = [resource(.style, style.json, key: styleKey)]
        if let spriteIndex, let spriteImage {
            resources.append(resource(.spriteJson, spriteIndex.data, key: spriteIndex.key))
            resources.append(resource(.spriteImage, spriteImage.data, key: spriteImage.key))
        }
        for (range, keyed) in glyphData.sorted(by: { ($0.key.fontStack.joined(separator: ","), $0.key.start) < ($1.key.fontStack.joined(separator: ","), $1.key.start) }) {
            var glyphs = resource(.glyphs, keyed.data, key: keyed.key)
            glyphs.fontStack = range.fontStack
            glyphs.rangeStart = range.start
            resources.append(glyphs)
        }
        for (id, image) in styleImages.sorted(by: { $0.key < $1.key }) {
            var entry = resource(.styleImage, image.data.data, key: image.data.key)
            // The bytes travel once, as the resource's data.
            var definition = image.definition
            definition.id = id
            definition.png = Data()
            definition.rgba = Data()
            definition.pixelRatio = definition.pixelRatio > 0 ? definition.pixelRatio : 1
            entry.styleImage = definition
            entry.rawRGBA = !image.definition.rgba.isEmpty
            resources.append(entry)
        }
        for id in sourceOrder {
            guard let state = sources[id], state.metadata == .loaded else { continue }
            let type = state.spec.kind.rawValue
            if state.spec.isTiled {
                for tile in tiles.map({ $0[id] ?? [] }) ?? state.visible {
                    guard let loaded = state.cache[tile], loaded.error == nil, !loaded.data.data.isEmpty else { continue }
                    var entry = resource(.tile, loaded.data.data, key: loaded.data.key, sourceID: id, sourceType: type)
                    entry.tileID = tile
                    entry.tileSize = state.spec.tileSize
                    resources.append(entry)
                }
            } else if let whole = state.wholeData {
                var entry = resource(state.spec.kind == .image ? .image : .geojson, whole.data, key: whole.key,
                                     sourceID: id, sourceType: type)
                entry.coordinates = state.spec.coordinates
                resources.append(entry)
            }
        }
        return (styleKey, resources)
    }

    private func resource(_ kind: RenderResource.Kind, _ data: Data, key: String,
                          sourceID: String = "", sourceType: String = "") -> RenderResource {
        var resource = RenderResource(key: key, kind: kind, data: data)
        resource.sourceID = sourceID
        resource.sourceType = sourceType
        return resource
    }
}
