import Foundation

/// TileJSON 3.0.0 for a PMTiles archive: zooms, bounds and center from the header; name,
/// attribution, description, version and (for vector tiles) `vector_layers` from the metadata.
enum PMTilesTileJSON {
    /// Web Mercator ends here; writers often store ±90 (the Python writer's default).
    static let mercatorLatitude = 85.051129

    static func make(header: PMTilesHeader, metadata: Data, name: String, tilesTemplate: String) throws(PMTilesError) -> Data {
        guard let object = (try? JSONSerialization.jsonObject(with: metadata)) as? [String: Any] else {
            throw .invalidMetadata(name: name, detail: "it is not a JSON object")
        }
        var bounds = [header.minLongitude, header.minLatitude, header.maxLongitude, header.maxLatitude]
        if bounds.allSatisfy({ $0 == 0 }) || bounds[0] >= bounds[2] || bounds[1] >= bounds[3] {
            bounds = [-180, -mercatorLatitude, 180, mercatorLatitude]
        }
        bounds = [max(bounds[0], -180), max(bounds[1], -mercatorLatitude), min(bounds[2], 180), min(bounds[3], mercatorLatitude)]
        let centerZoom = min(max(header.centerZoom, header.minZoom), header.maxZoom)
        let centerInside = header.centerLongitude >= bounds[0] && header.centerLongitude <= bounds[2]
            && header.centerLatitude >= bounds[1] && header.centerLatitude <= bounds[3]
        let center = centerInside
            ? [header.centerLongitude, header.centerLatitude, Double(centerZoom)]
            : [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2, Double(centerZoom)]

        var document: [String: Any] = [
            "tilejson": "3.0.0",
            "name": (object["name"] as? String) ?? URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent,
            "format": header.tileType?.format ?? "unknown",
            "scheme": "xyz",
            "tiles": [tilesTemplate],
            "minzoom": header.minZoom,
            "maxzoom": header.maxZoom,
            "bounds": bounds,
            "center": center,
        ]
        for key in ["attribution", "description", "version"] {
            if let value = object[key] as? String, !value.isEmpty { document[key] = value }
        }
        if header.tileType == .mvt, let layers = object["vector_layers"] as? [Any] { document["vector_layers"] = layers }
        do {
            return try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
        } catch {
            throw .invalidMetadata(name: name, detail: "its values cannot be written as TileJSON: \(error)")
        }
    }
}
