import Foundation

/// Turns MBTiles metadata into a TileJSON 3.0.0 document, filling what the file leaves out.
struct TileJSONBuilder {
    /// TileJSON's default bounds: the whole Web Mercator world.
    static let worldBounds = [-180.0, -85.051129, 180.0, 85.051129]

    let path: String
    let metadata: [String: String]
    let format: MBTilesFormat
    /// Zoom range found in the tiles table, used when metadata lacks minzoom/maxzoom.
    let fallbackZooms: ClosedRange<Int>?

    func json(tilesTemplate: String) throws(MBTilesError) -> Data {
        let minZoom = try zoom("minzoom") ?? fallbackZooms?.lowerBound ?? 0
        let maxZoom = try zoom("maxzoom") ?? fallbackZooms?.upperBound ?? 22
        let bounds = try numbers("bounds", count: 4...4) ?? Self.worldBounds

        var document: [String: Any] = [
            "tilejson": "3.0.0",
            "name": metadata["name"] ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent,
            "format": format.rawValue,
            "scheme": "xyz",
            "tiles": [tilesTemplate],
            "minzoom": minZoom,
            "maxzoom": maxZoom,
            "bounds": bounds,
            "center": try center(bounds: bounds, minZoom: minZoom, maxZoom: maxZoom),
        ]
        for key in ["attribution", "description", "version"] {
            if let value = metadata[key], !value.isEmpty { document[key] = value }
        }
        if let layers = try vectorLayers() { document["vector_layers"] = layers }

        do {
            return try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
        } catch {
            throw .invalidMetadata(path: path, name: "json", detail: "cannot be written as JSON: \(error)")
        }
    }

    /// Metadata center when given; otherwise the middle of the bounds at the middle zoom
    /// (rounded down), which always lies inside the tileset.
    private func center(bounds: [Double], minZoom: Int, maxZoom: Int) throws(MBTilesError) -> [Double] {
        let middleZoom = Double(minZoom + (maxZoom - minZoom) / 2)
        if let given = try numbers("center", count: 2...3) {
            return given.count == 3 ? given : given + [middleZoom]
        }
        return [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2, middleZoom]
    }

    private func zoom(_ name: String) throws(MBTilesError) -> Int? {
        guard let text = metadata[name] else { return nil }
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)), (0...30).contains(value) else {
            throw .invalidMetadata(path: path, name: name, detail: "'\(text)' is not a zoom level between 0 and 30")
        }
        return value
    }

    private func numbers(_ name: String, count: ClosedRange<Int>) throws(MBTilesError) -> [Double]? {
        guard let text = metadata[name] else { return nil }
        let values = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard count.contains(values.count), values.count == text.split(separator: ",").count else {
            throw .invalidMetadata(path: path, name: name, detail: "'\(text)' is not \(count.upperBound) comma-separated numbers")
        }
        return values
    }

    private func vectorLayers() throws(MBTilesError) -> Any? {
        guard let text = metadata["json"] else { return nil }
        let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8))
        guard let object = parsed as? [String: Any] else {
            throw .invalidMetadata(path: path, name: "json", detail: "is not a JSON object")
        }
        return object["vector_layers"]
    }
}
