import Foundation
import MapWireGeometry

/// Positions in the coordinates of a tile's grid, as the style specification's geometry expressions
/// (`within`, `distance`) compute them: 8192 units per tile, rounded to whole units, with the formulas of
/// the specification's geometry utilities (their order of operations decides how a half unit rounds).
public enum TileCoordinates {
    public static let extent: Double = 8192

    /// The position in units of the zoom level's whole grid (tile `x` spans `x × extent` to `(x + 1) × extent`).
    public static func point(longitude: Double, latitude: Double, in tile: CanonicalTileID) -> PlanePoint {
        let x = (180 + longitude) / 360
        let y = (180 - (180 / Double.pi) * log(tan(Double.pi / 4 + latitude * Double.pi / 360))) / 360
        let tiles = pow(2, Double(tile.z))
        return PlanePoint(x: JavaScriptMath.round(x * tiles * extent), y: JavaScriptMath.round(y * tiles * extent))
    }

    /// The longitude and latitude of a point given in one tile's own units.
    public static func lngLat(x: Double, y: Double, in tile: CanonicalTileID) -> (longitude: Double, latitude: Double) {
        let tiles = pow(2, Double(tile.z))
        let worldX = (x / extent + Double(tile.x)) / tiles
        let worldY = (y / extent + Double(tile.y)) / tiles
        let latitude = (360 / Double.pi) * atan(exp((180 - worldY * 360) * Double.pi / 180)) - 90
        return (worldX * 360 - 180, latitude)
    }
}
