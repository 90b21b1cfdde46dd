import Foundation
import MapWireNumerics
import MapWireVectorTile
import Testing

@Suite struct GeoJSONTilerTests {
    typealias S = GeoJSONSamples

    @Test func originLandsOnTheSharedCornerOfTheFourZoomOneTiles() throws {
        let tiler = try S.tiler(S.geometry("Point", "[0,0]"))
        let layer = tiler.tile(z: 1, x: 1, y: 1)
        #expect(layer.name == "_geojsonTileLayer")
        #expect(layer.extent == 4096)
        #expect(layer.features.first?.geometry == [[TilePoint(x: 0, y: 0)]])
        #expect(layer.features.first?.type == .point)
        // Inside the buffer of the other three tiles too.
        #expect(tiler.tile(z: 1, x: 0, y: 0).features.first?.geometry == [[TilePoint(x: 4096, y: 4096)]])
        #expect(tiler.tile(z: 1, x: 0, y: 1).features.first?.geometry == [[TilePoint(x: 4096, y: 0)]])
        #expect(tiler.tile(z: 2, x: 0, y: 0).features.isEmpty)
    }

    @Test func pointPlacementMatchesWebMercator() throws {
        let tiler = try S.tiler(S.geometry("MultiPoint", "[[-77.05,38.9],[139.7,35.7],[0,89]]"))
        let washington = S.tileUnits(longitude: -77.05, latitude: 38.9, z: 5, x: 9, y: 12)
        let points = try #require(tiler.tile(z: 5, x: 9, y: 12).features.first?.geometry.first)
        #expect(points == [TilePoint(x: Int32(washington.x.rounded()), y: Int32(washington.y.rounded()))])
        // Latitude 89 is clamped to the top edge of the world.
        #expect(tiler.tile(z: 0, x: 0, y: 0).features.first?.geometry.first?.contains(TilePoint(x: 2048, y: 0)) == true)
    }

    @Test func outOfRangeTilesAreEmpty() throws {
        let tiler = try S.tiler(S.geometry("Point", "[0,0]"))
        #expect(tiler.tile(z: 1, x: 2, y: 0).features.isEmpty)
        #expect(tiler.tile(z: -1, x: 0, y: 0).features.isEmpty)
        #expect(tiler.tile(z: 31, x: 0, y: 0).features.isEmpty)
    }

    @Test func linesAreClippedAtTheBuffer() throws {
        let tiler = try S.tiler(S.geometry("LineString", "[[-90,-45],[90,-45]]"))
        let line = try #require(tiler.tile(z: 1, x: 1, y: 1).features.first?.geometry)
        #expect(line.count == 1)
        #expect(line[0].first?.x == -128)
        #expect(line[0].last?.x == 2048)
        let unbuffered = try S.tiler(S.geometry("LineString", "[[-90,-45],[90,-45]]"), buffer: 0)
        #expect(unbuffered.tile(z: 1, x: 1, y: 1).features.first?.geometry[0].first?.x == 0)
    }

    @Test func lineLeavingAndReenteringIsSplit() throws {
        let tiler = try S.tiler(S.geometry("LineString", "[[45,-10],[45,10],[60,10],[60,-10]]"))
        let feature = try #require(tiler.tile(z: 1, x: 1, y: 1).features.first)
        #expect(feature.type == .lineString)
        #expect(feature.geometry.count == 2)
        // Out through the top edge of the buffer, and back in through it.
        #expect(feature.geometry.map(\.count) == [2, 2])
        #expect(feature.geometry[0].last?.y == -128)
        #expect(feature.geometry[1].first?.y == -128)
    }

    @Test func withLineMetricsEachPartOfALineSaysWhereAlongTheWholeLineItLies() throws {
        // From 45° W to 45° E south of the equator: half of it in each of the two zoom-1 tiles there.
        let tiler = try S.tiler(S.geometry("LineString", "[[-45,-10],[45,-10]]"), buffer: 0)
        let west = try #require(tiler.tile(z: 1, x: 0, y: 1, lineMetrics: true).features.first)
        let east = try #require(tiler.tile(z: 1, x: 1, y: 1, lineMetrics: true).features.first)
        #expect(west.properties[GeoJSONTiler.lineClipStart] == .double(0) && west.properties[GeoJSONTiler.lineClipEnd] == .double(0.5))
        #expect(east.properties[GeoJSONTiler.lineClipStart] == .double(0.5) && east.properties[GeoJSONTiler.lineClipEnd] == .double(1))
        // Without the option, the tile's line is as before.
        #expect(tiler.tile(z: 1, x: 1, y: 1).features.first?.properties[GeoJSONTiler.lineClipStart] == nil)
    }

    @Test func withLineMetricsEachLineAndEachPartIsAFeatureOfItsOwn() throws {
        let tiler = try S.tiler(S.geometry("MultiLineString", "[[[10,-10],[30,-10]],[[45,-10],[45,10],[60,10],[60,-10]]]"))
        let features = tiler.tile(z: 1, x: 1, y: 1, lineMetrics: true).features
        // The first line whole; the second out through the top and back: two parts.
        #expect(features.map(\.geometry.count) == [1, 1, 1])
        #expect(features[0].properties[GeoJSONTiler.lineClipStart] == .double(0) && features[0].properties[GeoJSONTiler.lineClipEnd] == .double(1))
        guard case .double(let leaves)? = features[1].properties[GeoJSONTiler.lineClipEnd],
              case .double(let returns)? = features[2].properties[GeoJSONTiler.lineClipStart] else {
            Issue.record("the parts have no clip ends")
            return
        }
        #expect(leaves > 0 && leaves < returns && returns < 1)
        #expect(tiler.tile(z: 1, x: 1, y: 1).features.count == 1)
    }

    @Test func polygonWithHoleIsWoundForVectorTiles() throws {
        // Exterior given clockwise and hole counter-clockwise in lon/lat: both the "wrong" way round.
        let rings = "[\(S.square(west: -10, south: -10, east: 10, north: 10, counterClockwise: false)),\(S.square(west: -5, south: -5, east: 5, north: 5))]"
        let feature = try #require(try S.tiler(S.geometry("Polygon", rings)).tile(z: 0, x: 0, y: 0).features.first)
        #expect(feature.type == .polygon)
        #expect(feature.geometry.count == 2)
        #expect(feature.geometry.allSatisfy { $0.count == 4 && $0.first != $0.last })
        #expect(RingArea.doubledSignedArea(feature.geometry[0]) > 0)
        #expect(RingArea.doubledSignedArea(feature.geometry[1]) < 0)
        #expect(feature.polygons().map(\.count) == [2])
    }

    @Test func multiPolygonKeepsEachPolygon() throws {
        let polygons = "[[\(S.square(west: -20, south: -20, east: -10, north: -10))],[\(S.square(west: 10, south: 10, east: 20, north: 20))]]"
        let feature = try #require(try S.tiler(S.geometry("MultiPolygon", polygons)).tile(z: 0, x: 0, y: 0).features.first)
        #expect(feature.polygons().count == 2)
        // Only one of the two reaches tile 1/0/1 (south-west), with its buffer.
        let southWest = try S.tiler(S.geometry("MultiPolygon", polygons)).tile(z: 1, x: 0, y: 1)
        #expect(southWest.features.first?.polygons().count == 1)
    }

    @Test func polygonsAreClippedToTheBufferedTile() throws {
        let world = "[\(S.square(west: -179, south: -80, east: 179, north: 80))]"
        let feature = try #require(try S.tiler(S.geometry("Polygon", world)).tile(z: 3, x: 2, y: 3).features.first)
        let ring = try #require(feature.geometry.first)
        #expect(ring.allSatisfy { (-128...4224).contains($0.x) && (-128...4224).contains($0.y) })
        #expect(RingArea.doubledSignedArea(ring) == 2 * 4352 * 4352)
    }

    @Test func polygonOutsideTheTileOrTooSmallIsLeftOut() throws {
        let tiny = "[\(S.square(west: 0, south: 0, east: 0.0001, north: 0.0001))]"
        let tiler = try S.tiler(S.geometry("Polygon", tiny))
        #expect(tiler.tile(z: 0, x: 0, y: 0).features.isEmpty)  // smaller than a tile unit
        #expect(tiler.tile(z: 18, x: 131072, y: 131071).features.count == 1)
        #expect(tiler.tile(z: 18, x: 0, y: 0).features.isEmpty)
    }

    @Test func simplificationKeepsSmallPolygonsAndLineEnds() throws {
        // A 20-vertex circle a few tile units across at z0: the tolerance is bigger than the
        // polygon, yet it must stay a polygon.
        let circle = (0...20).map { i -> String in
            let angle = Double(i % 20) / 20 * 2 * .pi
            return "[\(cos(angle) * 0.5),\(sin(angle) * 0.5)]"
        }.joined(separator: ",")
        let simplified = try S.tiler(S.geometry("Polygon", "[[\(circle)]]"), tolerance: 10)
        let ring = try #require(simplified.tile(z: 0, x: 0, y: 0).features.first?.geometry.first)
        #expect(ring.count >= 3)
        #expect(RingArea.doubledSignedArea(ring) > 0)
        // A gently bent line loses its middle points, not its ends.
        let line = try S.tiler(S.geometry("LineString", "[[0,0],[10,0.01],[20,0],[30,0.01],[40,0]]"), tolerance: 1)
        let part = try #require(line.tile(z: 2, x: 2, y: 1).features.first?.geometry.first)
        #expect(part.count == 2)
        #expect(line.tile(z: 18, x: 131072, y: 131071).features.isEmpty == false)
    }

    @Test func indexFindsExactlyThePointsOfEachTile() throws {
        var generator = SeededRandom(seed: 7)
        let points = (0..<300).map { _ in
            (longitude: Double(generator.next() % 36_000) / 100 - 180, latitude: Double(generator.next() % 16_000) / 100 - 80)
        }
        let json = S.collection(points.enumerated().map { index, point in
            S.feature(S.geometry("Point", "[\(point.longitude),\(point.latitude)]"), id: "\(index)")
        })
        let tiler = try S.tiler(json, buffer: 64)
        for x in 0..<8 {
            for y in 0..<8 {
                let expected = points.indices.filter { index in
                    let units = S.tileUnits(longitude: points[index].longitude, latitude: points[index].latitude, z: 3, x: x, y: y)
                    return (-64...4160).contains(units.x) && (-64...4160).contains(units.y)
                }
                #expect(tiler.tile(z: 3, x: x, y: y).features.compactMap(\.id) == expected.map(UInt64.init), "tile 3/\(x)/\(y)")
            }
        }
    }

    @Test func tilesMatchWhatTheDecoderReads() throws {
        // Features the tiler makes must survive the MVT rules: re-encode and decode them.
        let rings = "[\(S.square(west: -10, south: -10, east: 10, north: 10)),\(S.square(west: -5, south: -5, east: 5, north: 5))]"
        let layer = try S.tiler(S.geometry("Polygon", rings)).tile(z: 2, x: 1, y: 1)
        let feature = try #require(layer.features.first)
        var encoded = VectorTile_Tile.Feature()
        encoded.type = .polygon
        var cursor = TilePoint(x: 0, y: 0)
        for ring in feature.geometry {
            for (index, point) in ring.enumerated() {
                if index == 0 { encoded.geometry.append(TileFactory.command(1, count: 1)) }
                if index == 1 { encoded.geometry.append(TileFactory.command(2, count: UInt32(ring.count - 1))) }
                encoded.geometry += [TileFactory.zigzag(point.x - cursor.x), TileFactory.zigzag(point.y - cursor.y)]
                cursor = point
            }
            encoded.geometry.append(TileFactory.command(7, count: 1))
        }
        let decoded = try MVTDecoder.decode(TileFactory.data(TileFactory.layer("g", features: [encoded])))
        #expect(decoded.layers["g"]?.features.first?.polygons() == feature.polygons())
    }
}
