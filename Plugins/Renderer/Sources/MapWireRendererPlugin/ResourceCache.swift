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
        /// One glyph range, decoded and checked.
        case glyphs(GlyphStore)
        /// The annotations to draw above the style (a KIND_ANNOTATIONS resource).
        case annotations([OverlayAnnotation])
        /// The bytes could not be used; kept so the error is reported once, not every frame.
        case broken(String)
    }

    /// A resource whose bytes arrived and could not be used, with why.
    struct Unusable: Equatable {
        let key: String
        let message: String
    }

    private var entries: [String: (entry: Entry, lastFrame: Int)] = [:]
    /// How the current style's vector sources encode their tiles (its sources' `encoding`), and the
    /// key of the style that was read from.
    private var vectorEncodings: (styleKey: String, bySource: [String: VectorTileEncoding]) = ("", [:])
    private var frame = 0
    /// Annotation images, decoded once across overlay resources.
    private let annotationImages = PNGCache()
    /// Parts of an overlay resource that could not be used though the rest draws, by key.
    private var overlayProblems: [String: [String]] = [:]
    let logger: Logger
    /// Entries unused for this many frames are dropped.
    let keepFrames: Int

    init(logger: Logger, keepFrames: Int = 120) {
        self.logger = logger
        self.keepFrames = keepFrames
    }

    /// Takes in a frame's resources; returns the keys it names without bytes that are not here,
    /// and the resources whose bytes came in this frame and could not be used.
    func ingest(_ resources: [Mapwire_V1_RenderResource]) -> (missing: [String], unusable: [Unusable]) {
        frame += 1
        readVectorEncodings(resources)
        var missing: [String] = []
        var unusable: [Unusable] = []
        for resource in resources {
            if entries[resource.key] != nil {
                entries[resource.key]?.lastFrame = frame
            } else if resource.dataIncluded {
                let entry = decode(resource)
                if case .broken(let why) = entry { unusable.append(Unusable(key: resource.key, message: why)) }
                if let problems = overlayProblems.removeValue(forKey: resource.key), !problems.isEmpty {
                    let named = problems.prefix(3).joined(separator: "; ") + (problems.count > 3 ? "; …" : "")
                    unusable.append(Unusable(key: resource.key, message: Self.describe(resource, named)))
                }
                entries[resource.key] = (entry, frame)
            } else {
                missing.append(resource.key)
            }
        }
        // Sweep now and then, not every frame: the filter copies the whole table.
        if frame % 32 == 0, entries.count > 64 { entries = entries.filter { frame - $0.value.lastFrame <= keepFrames } }
        return (missing, unusable)
    }

    /// Reads the encodings from the frame's style (first from its bytes if they came now), once
    /// per style: a frame's tiles decode with the style they are drawn with.
    private func readVectorEncodings(_ resources: [Mapwire_V1_RenderResource]) {
        guard let style = resources.first(where: { $0.kind == .style }), style.key != vectorEncodings.styleKey else { return }
        let json: Data? = style.dataIncluded ? style.data : {
            if case .style(let data)? = entries[style.key]?.entry { return data }
            return nil
        }()
        guard let json else { return }
        vectorEncodings = (style.key, VectorTileEncoding.ofVectorSources(styleJSON: json))
    }

    subscript(key: String) -> Entry? { entries[key]?.entry }

    var count: Int { entries.count }

    private func decode(_ resource: Mapwire_V1_RenderResource) -> Entry {
        do {
            switch resource.kind {
            case .style: return .style(resource.data)
            case .tile where resource.sourceType == "vector":
                return .vectorTile(try (vectorEncodings.bySource[resource.sourceID] ?? .mvt).decode(resource.data))
            case .tile:
                return .rasterTile(try CanvasImage(encoded: resource.data))
            case .geojson:
                return .geojson(try GLGeoJSONTiling.tiler(data: resource.data))
            case .spriteJson:
                guard (try? JSONSerialization.jsonObject(with: resource.data)) is [String: Any] else {
                    return .broken(Self.describe(resource, "is not a JSON object"))
                }
                return .spriteIndex(resource.data)
            case .styleImage where resource.rawRgba:
                // Products in Int: UInt32 arithmetic would trap on a 65536×65536 claim.
                let width = Int(resource.width), height = Int(resource.height)
                guard width > 0, height > 0, resource.data.count == width * height * 4 else {
                    return .broken(Self.describe(resource, "has \(resource.data.count) bytes of RGBA, not \(width)×\(height)×4"))
                }
                return .image(CanvasImage(rgba: [UInt8](resource.data), width: width, height: height))
            case .spriteImage, .image, .styleImage: return .image(try CanvasImage(encoded: resource.data))
            case .glyphs:
                var range = GlyphStore()
                try range.add(fontStack: resource.fontStack, rangePBF: resource.data)
                return .glyphs(range)
            case .annotations:
                let decoded = try OverlayDecoding.annotations(resource.data, images: annotationImages)
                overlayProblems[resource.key] = decoded.problems
                return .annotations(decoded.annotations)
            case .unspecified, .UNRECOGNIZED: return .broken(Self.describe(resource, "has a kind this renderer does not know"))
            }
        } catch {
            logger.warning("cannot decode a resource", metadata: ["key": "\(resource.key)", "error": "\(error)"])
            return .broken(Self.describe(resource, "\(error)"))
        }
    }

    /// "the vector tile 3/4/2 of source \"roads\": <why>" and the like, so the message says which
    /// resource without the key's help.
    static func describe(_ resource: Mapwire_V1_RenderResource, _ why: String) -> String {
        let source = resource.sourceID.isEmpty ? "" : " of source \"\(resource.sourceID)\""
        let tile = "\(resource.tileID.z)/\(resource.tileID.x)/\(resource.tileID.y)"
        let what: String
        switch resource.kind {
        case .tile where resource.sourceType == "vector": what = "the vector tile \(tile)\(source)"
        case .tile: what = "the raster tile \(tile)\(source)"
        case .geojson: what = "the GeoJSON data\(source)"
        case .image: what = "the image\(source)"
        case .spriteJson: what = "the sprite index"
        case .spriteImage: what = "the sprite image"
        case .styleImage: what = "the style image \"\(resource.imageID)\""
        case .glyphs: what = "the glyph range \(resource.rangeStart)-\(Int(resource.rangeStart) + 255) of \(resource.fontStack.joined(separator: ","))"
        case .style: what = "the style"
        case .annotations: what = "the annotations"
        case .unspecified, .UNRECOGNIZED: what = "resource \(resource.key)"
        }
        return "\(what) cannot be used: \(why)"
    }
}
