import Foundation
import MapWireCanvas
import MapWireGeometry
@testable import MapWireRenderer
import MapWireStyle
import MapWireVectorTile
import Testing

/// The pure geometry of GL's patterns and extrusion shading: where a pattern lies, how large it is
/// at a point's distance, and the walls' vertical gradient.
@Suite struct PatternGeometryTests {
    /// A 16×16 pattern at pixel ratio 1.
    static let entry = SpriteAtlas.Entry(x: 0, y: 0, width: 16, height: 16, pixelRatio: 1, sdf: false)
    static let size = ViewportSize(width: 512, height: 512)
    /// The z0 tile: its origin is the world's, so pattern px are world px at the tile zoom.
    static let tile = CanonicalTileID(z: 0, x: 0, y: 0)

    /// Pattern px per screen px across (x) and down (y) at a screen point.
    func steps(_ map: Homography, _ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let p = map.apply(x, y), px = map.apply(x + 1, y), py = map.apply(x, y + 1)
        return (((px.x - p.x) * (px.x - p.x) + (px.y - p.y) * (px.y - p.y)).squareRoot(),
                ((py.x - p.x) * (py.x - p.x) + (py.y - p.y) * (py.y - p.y)).squareRoot())
    }

    @Test func betweenIntegerZoomsThePatternGrowsWithTheMap() throws {
        // Zoom 0.5: GL's tile zoom is 0, so one pattern px covers 2^0.5 screen px.
        let transform = Transform(camera: Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 0.5), size: Self.size)
        let placement = PatternPlacement(entry: Self.entry, zoom: 0.5)
        #expect(placement.tileZoom == 0)
        let map = try #require(placement.onPlane(TileProjection(transform: transform, tile: Self.tile, extent: 4096)))
        #expect(map.isAffine)
        let step = steps(map, 256, 256)
        #expect(abs(step.x - pow(2, -0.5)) < 1e-9 && abs(step.y - pow(2, -0.5)) < 1e-9)
    }

    @Test func thePatternIsAnchoredToTheWorldNotTheScreen() throws {
        // At zoom 0 over (0, 0) the world's centre (256 px, a multiple of 16) is the screen's centre:
        // a pattern period starts there, whatever the tile the polygon came in.
        let transform = Transform(camera: Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 1), size: Self.size)
        let placement = PatternPlacement(entry: Self.entry, zoom: 1)
        for tile in [CanonicalTileID(z: 1, x: 0, y: 0), CanonicalTileID(z: 1, x: 1, y: 1)] {
            let map = try #require(placement.onPlane(TileProjection(transform: transform, tile: tile, extent: 4096)))
            let p = map.apply(256, 256)
            #expect(abs(PatternPlacement.phase(p.x, 16)) < 1e-6 || abs(PatternPlacement.phase(p.x, 16) - 16) < 1e-6, "\(tile): \(p)")
            #expect(abs(PatternPlacement.phase(p.y, 16)) < 1e-6 || abs(PatternPlacement.phase(p.y, 16) - 16) < 1e-6, "\(tile): \(p)")
        }
    }

    @Test func underPitchThePatternShrinksWithAVertexsDistanceAsTheGroundDoes() throws {
        let transform = Transform(camera: Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 2, pitch: 60), size: Self.size)
        let projection = TileProjection(transform: transform, tile: CanonicalTileID(z: 2, x: 1, y: 1), extent: 4096)
        let map = try #require(PatternPlacement(entry: Self.entry, zoom: 2).onPlane(projection))
        #expect(!map.isAffine)
        // Across the screen, one pattern px spans the ground's perspective scale in screen px: 1 at
        // the centre, less toward the top (further away), more toward the bottom.
        for y in [100.0, 256, 400] {
            let scale = projection.projector.perspectiveScale(atScreenY: y)
            #expect(abs(1 / steps(map, 256, y).x - scale) < 1e-3 * scale, "y \(y)")
        }
        #expect(steps(map, 256, 100).x > steps(map, 256, 400).x * 2)
        // Down the screen the ground is also foreshortened: a far pattern px is shorter still.
        #expect(steps(map, 256, 100).y > steps(map, 256, 100).x)
    }

    @Test func aTranslateMovesThePatternWithTheShape() throws {
        let transform = Transform(camera: Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 0), size: Self.size)
        let projection = TileProjection(transform: transform, tile: Self.tile, extent: 4096)
        let placement = PatternPlacement(entry: Self.entry, zoom: 0)
        let plain = try #require(placement.onPlane(projection))
        let moved = try #require(placement.onPlane(projection, translate: Point2D(x: 5, y: -3)))
        let a = plain.apply(100, 100), b = moved.apply(105, 97)
        #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9)
    }

    @Test func wallsWrapThePatternByEdgeDistanceAndGLsHeightUnits() throws {
        // Zoom 16 over a tile of zoom 16: GL's walls take 1 pattern px a metre (2^16 / 4096 tile
        // units a metre, 16 tile units a px) and along the wall 1 px per 16 tile units.
        let center = LngLat(longitude: 0, latitude: 0)
        let transform = Transform(camera: Camera(center: center, zoom: 16, pitch: 40), size: Self.size)
        let world = WebMercator.project(center, zoom: 16)
        let tile = CanonicalTileID(z: 16, x: Int(world.x / 512), y: Int(world.y / 512))
        let projection = TileProjection(transform: transform, tile: tile, extent: 8192)
        let metresToPixels = WebMercator.tileSize * pow(2, 16) / FillExtrusionPainter.earthCircumference
        let start = (world.x, world.y), end = (world.x + 64, world.y)
        let map = try #require(PatternPlacement(entry: Self.entry, zoom: 16).onWall(
            projection, start: start, end: end, edgeDistance: 160, metresToPixels: metresToPixels))
        func pattern(along px: Double, up metres: Double) -> (x: Double, y: Double) {
            let s = projection.projector.project(x: world.x + px, y: world.y, elevation: metres * metresToPixels)
            return map.apply(s.x, s.y)
        }
        let foot = pattern(along: 0, up: 0), along = pattern(along: 32, up: 0), up = pattern(along: 0, up: 10)
        #expect(abs(along.x - foot.x - 32) < 1e-6)
        #expect(abs(up.y - foot.y + 10) < 1e-6)
        // The edge distance (160 tile units = 10 px) shifts the pattern along the wall.
        let fresh = try #require(PatternPlacement(entry: Self.entry, zoom: 16).onWall(
            projection, start: start, end: end, edgeDistance: 0, metresToPixels: metresToPixels))
        let s = projection.projector.project(x: world.x, y: world.y, elevation: 0)
        #expect(abs(map.apply(s.x, s.y).x - fresh.apply(s.x, s.y).x - 10) < 1e-6)
    }

    @Test func verticalGradientFactorFollowsGL() {
        // Below 150 m × floor², the whole wall sits at the floor: 0.84 at intensity 0.5.
        #expect(abs(ExtrusionShading.gradientFactor(t: 0, base: 0, height: 20, intensity: 0.5) - 0.84) < 1e-12)
        #expect(abs(ExtrusionShading.gradientFactor(t: 1, base: 0, height: 20, intensity: 0.5) - 0.84) < 1e-12)
        // At the top of a 150 m wall: √1 = 1; at 96 m: 0.8, above the floor 0.756 at intensity 0.8.
        #expect(ExtrusionShading.gradientFactor(t: 1, base: 0, height: 150, intensity: 0.5) == 1)
        #expect(abs(ExtrusionShading.gradientFactor(t: 1, base: 0, height: 96, intensity: 0.8) - 0.8) < 1e-12)
        #expect(abs(ExtrusionShading.gradientFactor(t: 0, base: 0, height: 96, intensity: 0.8) - 0.756) < 1e-12)
        // The floor: 0.98 with no light, 0.7 at full; a base above ground lifts the foot.
        #expect(abs(ExtrusionShading.gradientFactor(t: 0, base: 0, height: 40, intensity: 0) - 0.98) < 1e-12)
        #expect(abs(ExtrusionShading.gradientFactor(t: 0, base: 0, height: 40, intensity: 1) - 0.7) < 1e-12)
        #expect(ExtrusionShading.gradientFactor(t: 0, base: 5, height: 40, intensity: 0.5) == 1)
    }

    @Test func wallsWithoutTheGradientKeepTheirLightAndPatternLightIgnoresLuminance() {
        func shading(_ gradient: Bool) -> ExtrusionShading {
            ExtrusionShading(position: [1.15, 210, 30], anchor: "map", color: StyleColor(r: 1, g: 1, b: 1), intensity: 0.5,
                             bearing: 0, verticalGradient: gradient)
        }
        let south = (x: 0.0, y: 1.0, z: 0.0)
        let dark = StyleColor(r: 0.2, g: 0.2, b: 0.2)
        let withGradient = shading(true).color(dark, normal: south, t: 0, base: 0, height: 20)
        let without = shading(false).color(dark, normal: south, t: 0, base: 0, height: 20)
        #expect(abs(withGradient.r - without.r * 0.84) < 1e-9)
        // A patterned face's light is the same for any colour (GL multiplies the pattern by it).
        let lit = shading(true).patternLighting(normal: south, t: 1, base: 0, height: 20)
        #expect(lit.r == lit.g && lit.g == lit.b && lit.r > 0.3 && lit.r <= 1)
    }

    @Test func linePatternPiecesShareTheirJointsExactly() {
        let line = [Point2D(x: 0, y: 0), Point2D(x: 100, y: 0), Point2D(x: 150, y: 60)]
        let pieces = LinePatternPainter.pieces(line, closed: false, radius: 5, cap: .butt)
        #expect(pieces.count == 2)
        // The end of the first piece is the start of the second: no gap, no overlap.
        #expect(pieces[0][1] == pieces[1][0] && pieces[0][2] == pieces[1][3])
        // Butt ends are square to the line, `radius` out (right of travel, y down: +y).
        #expect(pieces[0][0] == Point2D(x: 0, y: 5) && pieces[0][3] == Point2D(x: 0, y: -5))
        let capped = LinePatternPainter.pieces(line, closed: false, radius: 5, cap: .round)
        #expect(capped[0][0] == Point2D(x: -5, y: 5))
        // A ring gets a piece for its closing segment, joined to the first.
        let ring = LinePatternPainter.pieces([Point2D(x: 0, y: 0), Point2D(x: 10, y: 0), Point2D(x: 10, y: 10)], closed: true, radius: 1, cap: .butt)
        #expect(ring.count == 3 && ring[2][1] == ring[0][0] && ring[2][2] == ring[0][3])
    }
}
