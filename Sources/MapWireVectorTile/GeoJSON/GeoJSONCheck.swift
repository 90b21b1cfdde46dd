/// Reads GeoJSON as the tiler reads it, without tiling it: what a map checks before it takes data its
/// renderer would not draw (a broken feature in a collection is skipped there too; nothing readable is an error).
public enum GeoJSONCheck {
    /// `json` as JSONSerialization gives it: a FeatureCollection, a Feature or a geometry.
    public static func check(_ json: Any) throws(GeoJSONError) {
        _ = try GeoJSONParser.features(from: json)
    }
}
