import Foundation
import MapWireCanvas
import MapWireGeometry
import MapWireJSON
import MapWireRenderer
import MapWireStyle
import MapWireVectorTile
import Testing

/// Labels are found where they were placed, and only if they were; a source query reads the tiles as
/// they are. The view is one z0 tile, 8 tile units per screen px, (2048, 2048) its centre.
@Suite struct SymbolAndSourceQueryTests {
    let renderer = MapRenderer()

    static func labels(_ id: String = "t", allowOverlap: Bool = false, ignorePlacement: Bool = false) -> String {
        ##"{"id":"\##(id)","type":"symbol","source":"s","source-layer":"shapes","layout":{"text-field":"AB","text-font":["Test Square"],"text-size":24,"text-allow-overlap":\##(allowOverlap),"text-ignore-placement":\##(ignorePlacement)}}"##
    }

    func query(_ layers: String, _ features: [VectorFeature], x: Double, y: Double) throws -> [UInt64] {
        let scene = try SymbolFixtures.scene(style: TestScene.style(layers), features: features)
        return try renderer.queryRenderedFeatures(scene, RenderedFeatureQuestion(geometry: .point(Point2D(x: x, y: y)))).compactMap(\.feature.id)
    }

    @Test func aPlacedLabelIsFoundOnItsBoxAndALabelThatDidNotFitIsNot() throws {
        // "AB" is two 16 px squares: x 240...272, y 248...264 around the first anchor.
        let features = [SymbolFixtures.pointFeature(2048, 2048, id: 1), SymbolFixtures.pointFeature(2100, 2060, id: 2)]
        #expect(try query(Self.labels(), features, x: 245, y: 256) == [1])
        #expect(try query(Self.labels(), features, x: 283, y: 262) == [], "the second label collided and was not drawn")
        #expect(try query(Self.labels(), features, x: 200, y: 256) == [], "beside the label")
        // Allowed to overlap both are drawn; where both are, the one drawn last comes first.
        #expect(try query(Self.labels(allowOverlap: true), features, x: 262, y: 260) == [2, 1])
    }

    @Test func labelsThatIgnorePlacementAreFoundToo() throws {
        let features = [SymbolFixtures.pointFeature(2048, 2048, id: 1)]
        let layers = [Self.labels("below"), Self.labels("above", ignorePlacement: true)].joined(separator: ",")
        let scene = try SymbolFixtures.scene(style: TestScene.style(layers), features: features)
        let found = try renderer.queryRenderedFeatures(scene, RenderedFeatureQuestion(geometry: .point(Point2D(x: 245, y: 256))))
        // The upper label takes no room, so the lower one is drawn under it: both are found, the upper first.
        #expect(found.map { $0.layer?["id"] } == [.string("above"), .string("below")])
        let blocking = [Self.labels("below"), Self.labels("above")].joined(separator: ",")
        let blocked = try SymbolFixtures.scene(style: TestScene.style(blocking), features: features)
        let one = try renderer.queryRenderedFeatures(blocked, RenderedFeatureQuestion(geometry: .point(Point2D(x: 245, y: 256))))
        #expect(one.map { $0.layer?["id"] } == [.string("above")], "an upper label that takes room hides the lower one")
    }

    @Test func aSourceQueryReadsEveryFeatureOfTheLayerDrawnOrNotWithItsFilter() throws {
        let features = [
            VectorFeature(id: 1, type: .point, geometry: [[TestScene.point(10, 10)]], properties: ["kind": .string("a")]),
            VectorFeature(id: 2, type: .point, geometry: [[TestScene.point(5000, 5000)]], properties: ["kind": .string("b")]),
        ]
        let scene = TestScene.scene(style: TestScene.style(""), features: features)
        let all = try renderer.querySourceFeatures(scene, SourceFeatureQuestion(sourceID: "s", sourceLayer: "shapes"))
        #expect(all.compactMap(\.feature.id) == [1, 2], "no layer draws them; one is in the buffer")
        #expect(all.allSatisfy { $0.layer == nil && $0.sourceID == "s" && $0.sourceLayer == "shapes" })
        let filtered = try renderer.querySourceFeatures(scene, SourceFeatureQuestion(sourceID: "s", sourceLayer: "shapes",
                                                                                     filter: try StyleFilter(json: ["==", "kind", "b"])))
        #expect(filtered.compactMap(\.feature.id) == [2])
        #expect(try renderer.querySourceFeatures(scene, SourceFeatureQuestion(sourceID: "s", sourceLayer: "other")).isEmpty)
        #expect(throws: FeatureQueryError.self) { try renderer.querySourceFeatures(scene, SourceFeatureQuestion(sourceID: "nope")) }
    }

    @Test func aGeoJSONSourceIsReadFromItsTilesWhateverSourceLayerIsAsked() throws {
        let style = #"{"version":8,"sources":{"g":{"type":"geojson","data":{"type":"FeatureCollection","features":[]}}},"layers":[]}"#
        let geojson = #"{"type":"FeatureCollection","features":[{"type":"Feature","id":4,"properties":{"n":1},"geometry":{"type":"Point","coordinates":[10,20]}}]}"#
        let scene = RenderScene(styleJSON: Data(style.utf8), camera: TestScene.camera, size: TestScene.size, pixelRatio: 1,
                                sources: ["g": .geojson(try GLGeoJSONTiling.tiler(data: Data(geojson.utf8)))], sprite: nil, glyphs: GlyphStore())
        let found = try renderer.querySourceFeatures(scene, SourceFeatureQuestion(sourceID: "g", sourceLayer: "ignored"))
        let feature = try #require(found.first)
        #expect(found.count == 1 && feature.feature.id == 4 && feature.sourceLayer == nil)
        guard case .array(let position)? = feature.geoJSON["geometry"]?["coordinates"], position.count == 2,
              case .number(let longitude) = position[0], case .number(let latitude) = position[1] else {
            Issue.record("not a point: \(feature.geoJSON.serialized)"); return
        }
        // Tile units of 8192 a tile at zoom 0: within a few hundredths of a degree.
        #expect(abs(longitude - 10) < 0.05 && abs(latitude - 20) < 0.05)
    }
}
