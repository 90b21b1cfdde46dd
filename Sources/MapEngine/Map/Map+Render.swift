import Foundation
import MapWireProtocol

/// What a renderer needs to draw the current view: the style and every resource it refers to,
/// each under a key that names its content (so a renderer can keep what it has seen).
extension Map {
    public func renderResources() -> (styleKey: String, resources: [Mapwire_V1_RenderResource]) {
        guard let style else { return ("", []) }
        var resources = [resource(.style, style.json, key: styleKey)]
        if let spriteIndex, let spriteImage {
            resources.append(resource(.spriteJson, spriteIndex.data, key: spriteIndex.key))
            resources.append(resource(.spriteImage, spriteImage.data, key: spriteImage.key))
        }
        for (range, keyed) in glyphData.sorted(by: { ($0.key.fontStack.joined(separator: ","), $0.key.start) < ($1.key.fontStack.joined(separator: ","), $1.key.start) }) {
            var glyphs = resource(.glyphs, keyed.data, key: keyed.key)
            glyphs.fontStack = range.fontStack
            glyphs.rangeStart = UInt32(range.start)
            resources.append(glyphs)
        }
        for (id, image) in styleImages.sorted(by: { $0.key < $1.key }) {
            var entry = resource(.styleImage, image.data.data, key: image.data.key)
            let c = image.command
            entry.imageID = id
            entry.imagePixelRatio = c.pixelRatio > 0 ? c.pixelRatio : 1
            entry.sdf = c.sdf
            entry.rawRgba = !c.rgba.isEmpty
            entry.width = c.width
            entry.height = c.height
            entry.stretchX = c.stretchX
            entry.stretchY = c.stretchY
            if c.hasContent { entry.content = c.content }
            resources.append(entry)
        }
        for id in sourceOrder {
            guard let state = sources[id], state.metadata == .loaded else { continue }
            let type = state.spec.kind.rawValue
            if state.spec.isTiled {
                for tile in state.visible {
                    guard let loaded = state.cache[tile], loaded.error == nil, !loaded.data.data.isEmpty else { continue }
                    var entry = resource(.tile, loaded.data.data, key: loaded.data.key, sourceID: id, sourceType: type)
                    entry.tileID = .with { $0.z = UInt32(tile.z); $0.x = UInt32(tile.x); $0.y = UInt32(tile.y) }
                    entry.tileSize = UInt32(state.spec.tileSize)
                    resources.append(entry)
                }
            } else if let whole = state.wholeData {
                var entry = resource(state.spec.kind == .image ? .image : .geojson, whole.data, key: whole.key,
                                     sourceID: id, sourceType: type)
                entry.coordinates = state.spec.coordinates.map { c in .with { $0.longitude = c.longitude; $0.latitude = c.latitude } }
                resources.append(entry)
            }
        }
        return (styleKey, resources)
    }

    private func resource(_ kind: Mapwire_V1_RenderResource.Kind, _ data: Data, key: String,
                          sourceID: String = "", sourceType: String = "") -> Mapwire_V1_RenderResource {
        .with {
            $0.kind = kind
            $0.key = key
            $0.data = data
            $0.dataIncluded = true
            $0.sourceID = sourceID
            $0.sourceType = sourceType
        }
    }
}
