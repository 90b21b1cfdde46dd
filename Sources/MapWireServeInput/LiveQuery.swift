import Foundation
import MapWireProtocol

/// A browser's question about the live view (a click): {"kind": "query", "x", "y"} in the map's logical
/// px, asked of the core as query-rendered-features (PROTOCOL.md 7.13); and the answer the page shows,
/// {"kind": "features", "x", "y", "count", "features": [{"layer", "source", "sourceLayer", "id",
/// "properties"}]}, the first `shownFeatures` of them, top down.
public enum LiveQuery {
    public static let shownFeatures = 20

    /// The query when `text` is one (nil for any other message), or why it is refused.
    public static func parse(_ text: String) -> Result<Mapwire_V1_QueryRenderedFeatures, LiveGesture.Refusal>? {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
              object["kind"] as? String == "query" else { return nil }
        let x = (object["x"] as? NSNumber)?.doubleValue ?? .nan, y = (object["y"] as? NSNumber)?.doubleValue ?? .nan
        for (name, value) in [("x", x), ("y", y)] where !(value.isFinite && abs(value) <= LiveGesture.maxPixels) {
            return .failure(LiveGesture.Refusal(description: "query \(name) \(value) is outside ±\(Int(LiveGesture.maxPixels)) px"))
        }
        return .success(.with { $0.point = .with { $0.x = x; $0.y = y } })
    }

    /// The page's message for the features found at (x, y) (`featuresJSON`: the core's answer).
    public static func answer(featuresJSON: String, x: Double, y: Double) -> String {
        let features = (try? JSONSerialization.jsonObject(with: Data(featuresJSON.utf8))) as? [[String: Any]] ?? []
        let shown: [[String: Any]] = features.prefix(shownFeatures).map { feature in
            var summary: [String: Any] = ["properties": feature["properties"] ?? [:], "source": feature["source"] ?? ""]
            summary["layer"] = (feature["layer"] as? [String: Any])?["id"] ?? ""
            if let sourceLayer = feature["sourceLayer"] { summary["sourceLayer"] = sourceLayer }
            if let id = feature["id"] { summary["id"] = id }
            return summary
        }
        let message: [String: Any] = ["kind": "features", "x": x, "y": y, "count": features.count, "features": shown]
        let data = (try? JSONSerialization.data(withJSONObject: message, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
