import Foundation
import MapWireVectorTile

/// Small GeoJSON builders so tests read as geometry, not JSON punctuation.
enum GeoJSONSamples {
    static func tiler(_ json: String, extent: Int = 4096, buffer: Int = 128, maxZoom: Int = 18, tolerance: Double = 0) throws -> GeoJSONTiler {
        try GeoJSONTiler(data: Data(json.utf8), extent: extent, buffer: buffer, maxZoom: maxZoom, tolerance: tolerance)
    }

    static func geometry(_ type: String, _ coordinates: String) -> String {
        #"{"type":"\#(type)","coordinates":\#(coordinates)}"#
    }

    static func collection(_ features: [String]) -> String {
        #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
    }

    static func feature(_ geometry: String, properties: String = "{}", id: String? = nil) -> String {
        let idMember = id.map { #","id":\#($0)"# } ?? ""
        return #"{"type":"Feature","geometry":\#(geometry),"properties":\#(properties)\#(idMember)}"#
    }

    /// A closed lon/lat square ring as GeoJSON text, corners listed in the given order.
    static func square(west: Double, south: Double, east: Double, north: Double, counterClockwise: Bool = true) -> String {
        let corners = counterClockwise
            ? [(west, south), (east, south), (east, north), (west, north), (west, south)]
            : [(west, south), (west, north), (east, north), (east, south), (west, south)]
        return "[" + corners.map { "[\($0.0),\($0.1)]" }.joined(separator: ",") + "]"
    }

    /// Independent Web Mercator for expectations: tile units of lon/lat in tile z/x/y.
    static func tileUnits(longitude: Double, latitude: Double, z: Int, x: Int, y: Int, extent: Double = 4096) -> (x: Double, y: Double) {
        let scale = Double(1 << z)
        let radians = latitude * .pi / 180
        let worldY = (1 - log(tan(radians) + 1 / cos(radians)) / .pi) / 2
        return (((longitude + 180) / 360 * scale - Double(x)) * extent, (worldY * scale - Double(y)) * extent)
    }
}
