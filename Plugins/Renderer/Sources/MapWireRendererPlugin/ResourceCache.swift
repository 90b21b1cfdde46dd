import Foundation
import Logging
import MapWireCanvas
import MapWireProtocol
import MapWireRenderer
import MapWireVectorTile

/// The renderer's copy of every resource the core has sent, decoded once and kept by key (keys
/// name content, so a key never needs decoding twice). Resources unused for a while are dropped.
///
/// Not Sendable: the plugin's one loop thread owns it.
final class ResourceCache {
    enum Entry {
        case style(Data)
        case vectorTile(VectorTileData)
        case rasterTile(CanvasImage)
        case geojson(GeoJSONTiler)
        case spriteIndex(Data)
        case image(CanvasImage)
        case glyphs(Data)
        /// The bytes could not be decoded; kept so the error is reported once, not every frame.
        case broken(String)
    }

    private var entries: [String: (entry: Entry, lastFrame: Int)] = [:]
    private var frame = 0
    let logger: Logger
    /// Entries unused for this many frames are dropped.
    let keepFrames: Int

    init(logger: Logger, keepFrames: Int = 120) {
        self.logger = logger
        self.keepFrames = keepFrames
    }

    /// Takes in a frame's resources; returns the keys it names without bytes that are not here.
    func ingest(_ resources: [Mapwire_V1_RenderResource]) -> [String] {
        frame += 1
        var missing: [String] = []
        for resource in resources {
            if entries[resource.key] != nil {
                entries[resource.key]?.lastFrame = frame
            } else if resource.dataIncluded {
                entries[resource.key] = (decode(resource), frame)
            } else {
                missing.append(resource.key)
            }
        }
        // Sweep now and then, not every frame: the filter copies the whole table.
        if frame % 32 == 0, entries.count > 64 { entries = entries.filter { frame - $0.value.lastFrame <= keepFrames } }
        return missing
    }

    subscript(key: String) -> Entry? { entries[key]?.entry }

    var count: Int { entries.count }

    private func decode(_ resource: Mapwire_V1_RenderResource) -> Entry {
        do {
            switch resource.kind {
            case .style: return .style(resource.data)
            case .tile where resource.sourceType == "vector":
                return .vectorTile(try MVTDecoder.decode(resource.data))
            case .tile:
                return .rasterTile(try CanvasImage(encoded: resource.data))
            case .geojson:
                return .geojson(try GeoJSONTiler(data: resource.data))
            case .spriteJson: return .spriteIndex(resource.data)
            case .styleImage where resource.rawRgba:
                guard resource.width > 0, resource.height > 0, resource.data.count == Int(resource.width * resource.height * 4) else {
                    return .broken("style image \(resource.imageID): rgba size does not match \(resource.width)x\(resource.height)")
                }
                return .image(CanvasImage(rgba: [UInt8](resource.data), width: Int(resource.width), height: Int(resource.height)))
            case .spriteImage, .image, .styleImage: return .image(try CanvasImage(encoded: resource.data))
            case .glyphs: return .glyphs(resource.data)
            case .unspecified, .UNRECOGNIZED: return .broken("unknown resource kind")
            }
        } catch {
            logger.warning("cannot decode a resource", metadata: ["key": "\(resource.key)", "error": "\(error)"])
            return .broken("\(error)")
        }
    }
}
