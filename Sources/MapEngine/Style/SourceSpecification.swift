import Foundation
import MapWireGeometry
import MapWireJSON
import MapWireNumerics
import MapWireVectorTile

/// One entry of a style's `sources` (style specification v8).
public struct SourceSpecification: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case vector, raster, rasterDEM = "raster-dem", geojson, image, video
    }

    public enum Scheme: String, Sendable { case xyz, tms }

    public var kind: Kind
    /// A TileJSON URL (vector, raster) or the image/GeoJSON data URL.
    public var url: String?
    /// Inline tile URL templates.
    public var tiles: [String]?
    public var tileSize: Int
    public var minZoom: Int
    public var maxZoom: Int
    public var scheme: Scheme
    /// Inline GeoJSON as JSON text (UTF-8), as the style wrote it.
    public var inlineData: Data?
    /// Image sources: the corners top-left, top-right, bottom-right, bottom-left.
    public var coordinates: [LngLat] = []
    /// Vector sources: how their tiles are encoded (`encoding`: "mvt", the default, or "mlt").
    public var vectorEncoding: VectorTileEncoding = .mvt

    /// Tile-pyramid sources ask the loader for tiles; GeoJSON and image sources load whole.
    public var isTiled: Bool { kind == .vector || kind == .raster || kind == .rasterDEM }

    /// Raster tiles pick the nearest zoom; vector tiles the one below (GL engines' rule).
    public var roundsZoom: Bool { kind == .raster || kind == .rasterDEM }

    /// What a GeoJSON source without `data` holds.
    public static let emptyGeoJSON = #"{"type":"FeatureCollection","features":[]}"#

    /// Parses a source object; `baseURL` resolves relative URLs. `inlineGeoJSON` is the source's inline
    /// `data` when it was cut out of the style's text (InlineGeoJSON.swift) rather than parsed.
    public init(json: Any, inlineGeoJSON: Data? = nil, baseURL: String?) throws(StyleError) {
        guard let object = json as? [String: Any] else { throw StyleError("a source must be a JSON object") }
        guard let typeName = object["type"] as? String else { throw StyleError("a source needs a \"type\"") }
        guard let kind = Kind(rawValue: typeName) else { throw StyleError("unknown source type \"\(typeName)\"") }
        self.kind = kind
        tiles = (object["tiles"] as? [Any])?.compactMap { $0 as? String }.map { URLResolver.resolve($0, against: baseURL) }
        switch (object["data"], inlineGeoJSON) {
        case (_, let inline?) where kind == .geojson: inlineData = inline
        case (let dataURL as String, _): url = URLResolver.resolve(dataURL, against: baseURL)
        case (.some(let inline), _) where kind == .geojson:
            inlineData = try? JSONSerialization.data(withJSONObject: inline, options: [.fragmentsAllowed])
        default: url = (object["url"] as? String).map { URLResolver.resolve($0, against: baseURL) }
        }
        tileSize = FoundationJSON.int(object["tileSize"]) ?? 512
        coordinates = (object["coordinates"] as? [[Any]] ?? []).compactMap {
            let c = $0.compactMap(FoundationJSON.double)
            return c.count == 2 ? LngLat(longitude: c[0], latitude: c[1]) : nil
        }
        minZoom = FoundationJSON.int(object["minzoom"]) ?? 0
        maxZoom = FoundationJSON.int(object["maxzoom"]) ?? (kind == .geojson ? 18 : 22)
        scheme = Scheme(rawValue: object["scheme"] as? String ?? "xyz") ?? .xyz
        if kind == .vector { vectorEncoding = VectorTileEncoding(sourceValue: object["encoding"]) }
        if isTiled, url == nil, tiles == nil {
            throw StyleError("a \(typeName) source needs a \"url\" or \"tiles\"")
        }
        if kind == .geojson, url == nil, inlineData == nil {
            // GL engines draw a GeoJSON source without data as empty: the rest of the map draws.
            inlineData = Data(Self.emptyGeoJSON.utf8)
        }
        if kind == .image, coordinates.count != 4 {
            throw StyleError("an image source needs four \"coordinates\" [longitude, latitude]")
        }
        guard tileSize > 0, minZoom >= 0, maxZoom >= minZoom else {
            throw StyleError("a source needs tileSize > 0 and 0 <= minzoom <= maxzoom")
        }
    }

    /// Applies a loaded TileJSON document: its tiles, zoom range and scheme.
    public mutating func apply(tileJSON data: Data, baseURL: String?) throws(StyleError) {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw StyleError("the TileJSON is not a JSON object")
        }
        guard let templates = (object["tiles"] as? [Any])?.compactMap({ $0 as? String }), !templates.isEmpty else {
            throw StyleError("the TileJSON has no \"tiles\"")
        }
        let minimum = try Self.tileJSONZoom(object["minzoom"], "minzoom") ?? minZoom
        let maximum = try Self.tileJSONZoom(object["maxzoom"], "maxzoom") ?? maxZoom
        guard minimum <= maximum else { throw StyleError("the TileJSON's minzoom \(minimum) is above its maxzoom \(maximum)") }
        tiles = templates.map { URLResolver.resolve($0, against: baseURL) }
        minZoom = minimum
        maxZoom = maximum
        if let s = object["scheme"] as? String, let parsed = Scheme(rawValue: s) { scheme = parsed }
    }

    /// Tile zooms a TileJSON may give: 0...30 (past 30, 2^z tiles per side no longer fit the tile maths).
    static let tileJSONZooms = 0.0...30.0

    /// A TileJSON zoom (absent: nil); anything but a number in 0...30 is an error, so a loaded document
    /// cannot hand the tile cover an absurd zoom. A fractional zoom counts as the whole zoom below it.
    private static func tileJSONZoom(_ value: Any?, _ name: String) throws(StyleError) -> Int? {
        guard let value, !(value is NSNull) else { return nil }
        guard let zoom = FoundationJSON.double(value), tileJSONZooms.contains(zoom) else {
            throw StyleError("the TileJSON's \(name) must be a number in 0...30")
        }
        return Int(saturating: zoom.rounded(.down))
    }

    /// Whether the source's metadata (its tile templates) is known without loading anything.
    public var hasMetadata: Bool {
        switch kind {
        case .vector, .raster, .rasterDEM: tiles != nil
        case .geojson: inlineData != nil
        case .image, .video: false
        }
    }
}
