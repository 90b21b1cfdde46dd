import Foundation
import MapWireServeInput

/// The camera and size a view is drawn at, in the engine's terms (a 512 px world at zoom 0), and
/// the part of the drawn image the answer keeps.
public struct ViewSpec: Equatable, Sendable {
    public var longitude: Double
    public var latitude: Double
    public var zoom: Double
    public var bearing = 0.0
    public var pitch = 0.0
    /// Logical px drawn.
    public var width: Int
    public var height: Int
    public var pixelRatio: Double
    /// Device px cropped from each side of the drawn image (the margin around a tile).
    public var cropMargin = 0
    /// The device px of the answer.
    public var outputWidth: Int
    public var outputHeight: Int
}

public enum ViewGeometry {
    /// Logical px drawn around a 256 px tile so labels near its edges are placed and drawn whole, the
    /// same way in the neighbouring tile (the margin is cropped away).
    public static let tileMargin = 32

    /// A 256 px raster tile z/x/y (at `scale` device px per px): the engine's zoom is z − 1 (its world
    /// is 512 px at zoom 0). Tile 0/0/0 is the whole world, drawn 512 px wide at half the pixel ratio.
    public static func view(for tile: TileRequest) -> ViewSpec {
        let n = Double(1 << tile.z)
        let longitude = (Double(tile.x) + 0.5) / n * 360 - 180
        let latitude = atan(sinh(Double.pi * (1 - 2 * (Double(tile.y) + 0.5) / n))) * 180 / .pi
        let out = 256 * tile.scale
        guard tile.z > 0 else {
            return ViewSpec(longitude: 0, latitude: 0, zoom: 0, width: 512, height: 512, pixelRatio: Double(tile.scale) / 2,
                            outputWidth: out, outputHeight: out)
        }
        let side = 256 + 2 * tileMargin
        return ViewSpec(longitude: longitude, latitude: latitude, zoom: Double(tile.z - 1), width: side, height: side,
                        pixelRatio: Double(tile.scale), cropMargin: tileMargin * tile.scale, outputWidth: out, outputHeight: out)
    }

    /// A static image: at its centre, or fitted to its box or overlays (10 % padding).
    public static func view(for image: StaticRequest) -> ViewSpec {
        var spec = ViewSpec(longitude: 0, latitude: 0, zoom: 0, width: image.width, height: image.height,
                            pixelRatio: Double(image.scale), outputWidth: image.width * image.scale,
                            outputHeight: image.height * image.scale)
        let box: (Double, Double, Double, Double)
        switch image.placement {
        case .center(let lon, let lat, let zoom, let bearing, let pitch):
            spec.longitude = lon; spec.latitude = lat; spec.zoom = zoom; spec.bearing = bearing; spec.pitch = pitch
            return spec
        case .bounds(let a, let b, let c, let d):
            box = (a, b, c, d)
        case .auto:
            let points = image.paths.flatMap(\.coordinates) + image.markers
            box = (points.map(\.longitude).min()!, points.map(\.latitude).min()!,
                   points.map(\.longitude).max()!, points.map(\.latitude).max()!)
        }
        let (x0, y1) = world(box.0, box.1), (x1, y0) = world(box.2, box.3)
        let center = (x: (x0 + x1) / 2, y: (y0 + y1) / 2)
        spec.longitude = center.x * 360 - 180
        spec.latitude = atan(sinh(Double.pi * (1 - 2 * center.y))) * 180 / .pi
        // World fractions spanned → the zoom at which they fill 80 % of the image (a point: zoom 14).
        let spanX = max(x1 - x0, 1e-12), spanY = max(y1 - y0, 1e-12)
        let fit = min(Double(image.width) * 0.8 / (spanX * 512), Double(image.height) * 0.8 / (spanY * 512))
        spec.zoom = max(0, min(x1 - x0 < 1e-9 && y1 - y0 < 1e-9 ? 14 : log2(fit), 20))
        return spec
    }

    /// Web Mercator world fractions (0…1, y down).
    static func world(_ longitude: Double, _ latitude: Double) -> (Double, Double) {
        let s = sin(latitude * .pi / 180)
        return ((longitude + 180) / 360, 0.5 - log((1 + s) / (1 - s)) / (4 * .pi))
    }
}
