import Foundation
import MapWireVectorTile
import Testing

/// Point clustering as GL's cluster index does it (the render suite's geojson/clustered).
@Suite struct GeoJSONClustersTests {
    /// Three points close together near 0,0 and one far away, in a FeatureCollection.
    static let data = Data(#"""
    {"type":"FeatureCollection","features":[
     {"type":"Feature","properties":{"name":"a"},"geometry":{"type":"Point","coordinates":[0,0]}},
     {"type":"Feature","properties":{"name":"b"},"geometry":{"type":"Point","coordinates":[1,1]}},
     {"type":"Feature","properties":{"name":"c"},"geometry":{"type":"Point","coordinates":[2,0]}},
     {"type":"Feature","properties":{"name":"far"},"geometry":{"type":"Point","coordinates":[120,40]}},
     {"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}}]}
    """#.utf8)

    @Test func nearPointsClusterAtLowZoomsAndStandAloneAtHighOnes() throws {
        let tiler = try GeoJSONTiler(data: Self.data, extent: 8192, buffer: 2048)
        let clusters = GeoJSONClusters(tiler, options: GeoJSONClusterOptions(radius: 50, maxZoom: 17))
        // Zoom 0: 1° is 1.4 px, so a, b and c are one cluster of three; "far" stays alone and the
        // line is not a point, so it is left out.
        let low = clusters.tiler(atZoom: 0).tile(z: 0, x: 0, y: 0).features
        #expect(low.count == 2)
        let cluster = try #require(low.first { $0.properties["cluster"] == .bool(true) })
        #expect(cluster.properties["point_count"] == .int(3))
        #expect(cluster.properties["point_count_abbreviated"] == .int(3))
        #expect(low.contains { $0.properties["name"] == .string("far") })
        // The cluster sits at the points' centre: 1° east of 0,0 (x 4096 + 1/360 of 8192 ≈ 4119).
        let point = try #require(cluster.geometry.first?.first)
        #expect(abs(Int(point.x) - 4119) <= 1, "\(point)")
        // Past the last clustered zoom every point is alone, with its own properties.
        let high = clusters.tiler(atZoom: 18).tile(z: 18, x: 131072, y: 131072 - 1).features
        #expect(high.allSatisfy { $0.properties["cluster"] == nil })
    }

    @Test func minPointsAndAbbreviatedCounts() throws {
        let tiler = try GeoJSONTiler(data: Self.data)
        let clusters = GeoJSONClusters(tiler, options: GeoJSONClusterOptions(radius: 50, maxZoom: 17, minPoints: 4))
        // Three neighbours are not enough for a cluster of at least four.
        #expect(clusters.tiler(atZoom: 0).tile(z: 0, x: 0, y: 0).features.count == 4)
    }
}
