import Foundation

/// The style.json for the demo town (style specification v8), pointing at the generated files
/// by absolute URL so it works from any working directory.
struct DemoStyle {
    let tilesetURL: String
    let spriteURL: String
    let glyphsURL: String
    let center: (longitude: Double, latitude: Double)
    let zoom: Int

    func jsonData() throws -> Data {
        let style: [String: Any] = [
            "version": 8,
            "name": "MapWire demo town",
            "center": [center.longitude, center.latitude],
            "zoom": zoom,
            "sources": ["town": ["type": "vector", "url": tilesetURL]],
            "sprite": spriteURL,
            "glyphs": glyphsURL,
            "layers": layers,
        ]
        return try JSONSerialization.data(withJSONObject: style, options: [.sortedKeys, .prettyPrinted])
    }

    private var layers: [[String: Any]] {
        [
            ["id": "background", "type": "background", "paint": ["background-color": "#f3efe6"]],
            fill("water", sourceLayer: "water", paint: ["fill-color": "#9ecae8"]),
            fill("park", sourceLayer: "landuse", filter: ["==", "class", "park"], paint: ["fill-color": "#cde6b0"]),
            fill("building", sourceLayer: "building", paint: ["fill-color": "#dcd3c8", "fill-outline-color": "#b9ab9b"]),
            road("road-street", roadClass: "street", colour: "#ffffff", widths: [[12, 0.5], [16, 7]]),
            road("road-main", roadClass: "main", colour: "#f6cf7e", widths: [[12, 1.5], [16, 12]]),
            [
                "id": "road-label", "type": "symbol", "source": "town", "source-layer": "road", "minzoom": 15,
                "layout": [
                    "symbol-placement": "line", "text-field": "{name}", "text-font": [StrokeFont.name], "text-size": 12,
                ],
                "paint": ["text-color": "#5a5248", "text-halo-color": "#ffffff", "text-halo-width": 1],
            ],
            [
                "id": "poi", "type": "symbol", "source": "town", "source-layer": "poi",
                "layout": [
                    "icon-image": "{maki}", "text-field": "{name}", "text-font": [StrokeFont.name], "text-size": 12,
                    "text-anchor": "top", "text-offset": [0, 1],
                ],
                "paint": ["text-color": "#333333", "text-halo-color": "#ffffff", "text-halo-width": 1],
            ],
        ]
    }

    private func fill(_ id: String, sourceLayer: String, filter: [Any]? = nil, paint: [String: Any]) -> [String: Any] {
        var layer: [String: Any] = ["id": id, "type": "fill", "source": "town", "source-layer": sourceLayer, "paint": paint]
        if let filter { layer["filter"] = filter }
        return layer
    }

    /// Line widths grow exponentially with zoom between the given stops, like real road styles.
    private func road(_ id: String, roadClass: String, colour: String, widths: [[Double]]) -> [String: Any] {
        [
            "id": id, "type": "line", "source": "town", "source-layer": "road",
            "filter": ["==", "class", roadClass],
            "layout": ["line-cap": "round", "line-join": "round"],
            "paint": ["line-color": colour, "line-width": ["base": 1.5, "stops": widths]],
        ]
    }
}
