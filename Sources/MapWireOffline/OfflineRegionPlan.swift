import Foundation
import MapEngine
import MapWireFormats
import MapWireGeometry
import MapWireLabels
import MapWireVectorTile

/// One resource an offline region holds, with the URL the map will ask for (the cache key).
public struct OfflineResource: Hashable, Sendable {
    public enum Purpose: Hashable, Sendable {
        case style
        /// A source's TileJSON (tiled sources) or data (GeoJSON, image).
        case sourceMetadata(sourceID: String)
        /// A tile, with the map zooms it is shown at (for its labels' glyphs).
        case tile(sourceID: String, tile: CanonicalTileID, shownAt: ClosedRange<Int>)
        case sprite
        case glyphs
    }

    public let url: String
    public let kind: ResourceKind
    public let purpose: Purpose
}

/// An offline region's download as a step function: each fetched resource in, the resources it makes
/// necessary out (the style → its sprites and sources' metadata → every tile of the box and zooms →
/// the glyph ranges those tiles' labels need). No I/O: the downloader fetches, stores and feeds back.
/// Every URL is handed out once.
public struct OfflineRegionPlan {
    public let definition: OfflineRegionDefinition
    public let maxTiles: Int
    /// What was left out and why (a source whose TileJSON is unusable, a tile that does not decode).
    public private(set) var problems: [String] = []
    /// Known once every source's metadata is in.
    public private(set) var tileCount: Int?

    private var style: StyleDocument?
    private var labels: LabelGlyphRanges?
    private var waitingMetadata: [String: SourceSpecification] = [:]
    private var tiledSources: [(id: String, spec: SourceSpecification)] = []
    private var handedOut = Set<String>()

    public init(definition: OfflineRegionDefinition, maxTiles: Int) {
        self.definition = definition
        self.maxTiles = maxTiles
    }

    public mutating func start() -> [OfflineResource] {
        handOut([OfflineResource(url: definition.styleURL, kind: .style, purpose: .style)])
    }

    /// A resource arrived (from the network or already in the region). Throws when the download
    /// cannot go on: the style is unusable, or the region has more tiles than `maxTiles`.
    public mutating func arrived(_ resource: OfflineResource, data: Data) throws(OfflineRegionError) -> [OfflineResource] {
        switch resource.purpose {
        case .style:
            return try styleArrived(data)
        case .sourceMetadata(let id):
            guard var spec = waitingMetadata.removeValue(forKey: id) else { return [] }
            if spec.isTiled {
                do {
                    try spec.apply(tileJSON: data, baseURL: resource.url)
                    tiledSources.append((id, spec))
                } catch {
                    problems.append("source \"\(id)\" left out: its TileJSON \(resource.url): \(error.message)")
                }
            }
            return try tilesIfReady()
        case .tile(let id, _, let zooms):
            return glyphs(forTileOf: id, data: data, shownAt: zooms, url: resource.url)
        case .sprite, .glyphs:
            return []
        }
    }

    /// A resource could not be fetched: a missing source leaves its tiles out; a missing style ends it.
    public mutating func failed(_ resource: OfflineResource, reason: String) throws(OfflineRegionError) -> [OfflineResource] {
        switch resource.purpose {
        case .style:
            throw OfflineRegionError("could not load the style \(resource.url): \(reason)")
        case .sourceMetadata(let id):
            waitingMetadata[id] = nil
            problems.append("source \"\(id)\" left out: \(resource.url): \(reason)")
            return try tilesIfReady()
        case .tile, .sprite, .glyphs:
            problems.append("\(resource.url): \(reason)")
            return []
        }
    }

    // MARK: Steps

    private mutating func styleArrived(_ data: Data) throws(OfflineRegionError) -> [OfflineResource] {
        let document: StyleDocument
        do { document = try StyleDocument(data: data, baseURL: definition.styleURL) }
        catch { throw OfflineRegionError("the style \(definition.styleURL) is not usable: \(error.message)") }
        style = document
        do { labels = try LabelGlyphRanges(styleJSON: data) }
        catch { problems.append("labels not read, only the first glyph range of each font is fetched: \(error)") }
        var next: [OfflineResource] = []
        if let sprite = document.sprite {
            // Both pixel ratios: the region serves a 1× and a 2× map alike.
            for ratio in [1.0, 2.0] {
                next.append(OfflineResource(url: TileURL.sprite(sprite, pixelRatio: ratio, ext: ".json"), kind: .spriteJson, purpose: .sprite))
                next.append(OfflineResource(url: TileURL.sprite(sprite, pixelRatio: ratio, ext: ".png"), kind: .spriteImage, purpose: .sprite))
            }
        }
        if let template = document.glyphs {
            // The map asks for every font stack's first range when the style loads.
            for stack in document.fontStacks {
                next.append(OfflineResource(url: TileURL.glyphs(template, fontStack: stack, rangeStart: 0), kind: .glyphs, purpose: .glyphs))
            }
        }
        for (id, spec) in document.sources {
            if spec.hasMetadata {
                if spec.isTiled { tiledSources.append((id, spec)) }
            } else if let url = spec.url {
                waitingMetadata[id] = spec
                next.append(OfflineResource(url: url, kind: spec.kind == .image ? .image : .source, purpose: .sourceMetadata(sourceID: id)))
            }
        }
        return handOut(next) + (try tilesIfReady())
    }

    /// Once every source's metadata is in: every tile of every tiled source, or a refusal when too many.
    private mutating func tilesIfReady() throws(OfflineRegionError) -> [OfflineResource] {
        guard style != nil, waitingMetadata.isEmpty, tileCount == nil else { return [] }
        var tiles: [OfflineResource] = []
        var urls = Set<String>()
        var count = 0
        for (id, spec) in tiledSources {
            guard let template = spec.tiles?.first, let zooms = Self.tileZooms(of: spec, for: definition) else { continue }
            for z in zooms {
                guard let range = TileCover.tileRange(of: definition.bounds, zoom: z) else { continue }
                count += range.x.count * range.y.count
                // Refused before a tile is fetched, and before a huge list is made.
                guard count <= maxTiles else { continue }
                let shownAt = Self.mapZooms(ofTileZoom: z, spec: spec, region: definition)
                for y in range.y {
                    for x in range.x {
                        let tile = CanonicalTileID(z: z, x: x, y: y)
                        let url = TileURL.expand(template, tile: tile, scheme: spec.scheme)
                        guard urls.insert(url).inserted else { continue }
                        tiles.append(OfflineResource(url: url, kind: .tile, purpose: .tile(sourceID: id, tile: tile, shownAt: shownAt)))
                    }
                }
            }
        }
        tileCount = count
        guard count <= maxTiles else {
            throw OfflineRegionError("the region has \(count) tiles, more than the limit of \(maxTiles) (--max-tiles)")
        }
        return handOut(tiles)
    }

    private mutating func glyphs(forTileOf sourceID: String, data: Data, shownAt: ClosedRange<Int>, url: String) -> [OfflineResource] {
        guard let labels, let template = style?.glyphs,
              let spec = style?.sources.first(where: { $0.id == sourceID })?.spec, spec.kind == .vector else { return [] }
        do {
            let bytes = Gzip.isCompressed(data) ? try Gzip.decompress(data) : data
            let tile = try spec.vectorEncoding.decode(bytes)
            let ranges = labels.needed(sourceID: sourceID, tile: tile, zooms: shownAt).sorted()
            return handOut(ranges.map {
                OfflineResource(url: TileURL.glyphs(template, fontStack: $0.fontStack, rangeStart: Int($0.rangeStart)),
                                kind: .glyphs, purpose: .glyphs)
            })
        } catch {
            problems.append("tile \(url) does not decode, its labels' glyphs are not fetched: \(error)")
            return []
        }
    }

    private mutating func handOut(_ resources: [OfflineResource]) -> [OfflineResource] {
        resources.filter { handedOut.insert($0.url).inserted }
    }

    // MARK: Zooms

    /// The tile zooms a source loads for the region's map zooms (as the map picks them: a 256 px tile
    /// a zoom up, raster rounded), within the source's own range; nil when none.
    static func tileZooms(of spec: SourceSpecification, for region: OfflineRegionDefinition) -> ClosedRange<Int>? {
        let low = TileCover.coveringZoom(cameraZoom: Double(region.minZoom), tileSize: spec.tileSize, roundZoom: spec.roundsZoom)
        let high = TileCover.coveringZoom(cameraZoom: Double(region.maxZoom), tileSize: spec.tileSize, roundZoom: spec.roundsZoom)
        // Past its maxzoom a source is over-zoomed from its last tiles; below its minzoom it shows nothing.
        guard high >= spec.minZoom else { return nil }
        let from = max(low, spec.minZoom), to = min(high, spec.maxZoom)
        return from <= to ? from...to : nil
    }

    /// The map zooms a tile of zoom z is shown at: its own, and up to the region's top for a source's last zoom.
    static func mapZooms(ofTileZoom z: Int, spec: SourceSpecification, region: OfflineRegionDefinition) -> ClosedRange<Int> {
        let shift = spec.tileSize >= 512 ? 0 : Int(log2(512 / Double(spec.tileSize)).rounded())
        let low = max(0, z - shift)
        let high = z == spec.maxZoom ? max(low, region.maxZoom) : low
        return low...high
    }
}
