import Foundation
import MapWireVectorTile

/// GeoJSON cut into tiles as GL engines cut it: extent 8192, a 128 px buffer and a 0.375 px
/// simplification tolerance at their 512 px tile size. Shapes then land on the same tile units
/// (edges on the same pixels), and lines start their dash pattern where GL's do (at the buffer).
public enum GLGeoJSONTiling {
    public static let extent = 8192
    /// 128 px of a 512 px tile.
    public static let buffer = 2048
    /// 0.375 px of a 512 px tile.
    public static let tolerance = 6.0

    public static func tiler(data: Data) throws(GeoJSONError) -> GeoJSONTiler {
        try GeoJSONTiler(data: data, extent: extent, buffer: buffer, tolerance: tolerance)
    }
}
