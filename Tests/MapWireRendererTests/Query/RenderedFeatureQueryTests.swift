import Foundation
import MapWireCanvas
import MapWireGeometry
import MapWireJSON
import MapWireRenderer
import MapWireStyle
import MapWireVectorTile
import Testing

/// queryRenderedFeatures over synthetic scenes: one z0 tile of extent 4096 filling a 512×512 view, so
/// tile units are 8 per screen px and (2048, 2048) is the centre (256, 256).
@Suite struct RenderedFeatureQueryTests {
    let renderer = MapRenderer()

    static func layer(_ id: String, _ type: String, paint: String = "{}", layout: String = "{}", filter: String? = nil) -> String {
        let filter = filter.map { #","filter":\#($0)"# } ?? ""
        return ##"{"id":"\##(id)","type":"\##(type)","source":"s","source-layer":"shapes","paint":\##(paint),"layout":\##(layout)\##(filter)}"##
    }

    static func square(_ x0: Int32, _ y0: Int32, _ x1: Int32, _ y1: Int32, id: UInt64? = nil, _ properties: [String: FeatureValue] = [:]) -> VectorFeature {
        VectorFeature(id: id, type: .polygon, geometry: [TestScene.square(x0, y0, x1, y1)], properties: properties)
    }

    static func line(_ points: [(Int32, Int32)], id: UInt64? = nil) -> VectorFeature {
        VectorFeature(id: id, type: .lineString, geometry: [points.map { TestScene.point($0.0, $0.1) }])
    }

    static func point(_ x: Int32, _ y: Int32, id: UInt64? = nil, _ properties: [String: FeatureValue] = [:]) -> VectorFeature {
        VectorFeature(id: id, type: .point, geometry: [[TestScene.point(x, y)]], properties: properties)
    }

    func query(_ layers: String, _ features: [VectorFeature], at geometry: RenderedFeatureQuestion.Geometry,
               layerIDs: Set<String>? = nil, filter: StyleFilter? = nil, camera: Camera = TestScene.camera) throws -> [QueriedFeature] {
        let scene = TestScene.scene(style: TestScene.style(layers), features: features, camera: camera)
        return try renderer.queryRenderedFeatures(scene, RenderedFeatureQuestion(geometry: geometry, layers: layerIDs, filter: filter))
    }

    static func at(_ x: Double, _ y: Double) -> RenderedFeatureQuestion.Geometry { .point(Point2D(x: x, y: y)) }

    static func ids(_ found: [QueriedFeature]) -> [UInt64] { found.compactMap(\.feature.id) }

    @Test func aFillIsFoundInsideItsShapeOnlyAndMovedWithItsTranslate() throws {
        // Screen 200...300 both ways.
        let features = [Self.square(1600, 1600, 2400, 2400, id: 1)]
        #expect(Self.ids(try query(Self.layer("f", "fill"), features, at: Self.at(250, 250))) == [1])
        #expect(try query(Self.layer("f", "fill"), features, at: Self.at(310, 250)).isEmpty)
        let moved = Self.layer("f", "fill", paint: #"{"fill-translate":[20,0]}"#)
        #expect(Self.ids(try query(moved, features, at: Self.at(310, 250))) == [1], "drawn 20 px to the right")
        #expect(try query(moved, features, at: Self.at(205, 250)).isEmpty)
        // A box touching the shape from outside finds it too.
        #expect(Self.ids(try query(Self.layer("f", "fill"), features, at: .box(Point2D(x: 290, y: 0), Point2D(x: 400, y: 210)))) == [1])
    }

    @Test func aLineIsFoundWithinHalfItsWidthGapAndOffset() throws {
        // A horizontal line across the screen at y 256.
        let features = [Self.line([(0, 2048), (4096, 2048)], id: 7)]
        let wide = Self.layer("l", "line", paint: #"{"line-width":10}"#)
        #expect(Self.ids(try query(wide, features, at: Self.at(100, 260))) == [7])
        #expect(try query(wide, features, at: Self.at(100, 262)).isEmpty, "5 px is the edge: strictly closer counts")
        let gapped = Self.layer("l", "line", paint: #"{"line-width":2,"line-gap-width":10}"#)
        #expect(Self.ids(try query(gapped, features, at: Self.at(100, 262.5))) == [7], "gap 10 and two 2 px lines: 7 px each side")
        #expect(try query(gapped, features, at: Self.at(100, 263.5)).isEmpty)
        let offset = Self.layer("l", "line", paint: #"{"line-width":2,"line-offset":20}"#)
        #expect(Self.ids(try query(offset, features, at: Self.at(100, 276))) == [7], "moved 20 px to the right of its direction: down")
        #expect(try query(offset, features, at: Self.at(100, 256)).isEmpty)
    }

    @Test func aCircleIsFoundWithinItsRadiusAndStroke() throws {
        let features = [Self.point(2048, 2048, id: 3)]
        let circle = Self.layer("c", "circle", paint: #"{"circle-radius":10,"circle-stroke-width":5}"#)
        #expect(Self.ids(try query(circle, features, at: Self.at(256 + 14, 256))) == [3])
        #expect(try query(circle, features, at: Self.at(256 + 16, 256)).isEmpty)
        let dataDriven = Self.layer("c", "circle", paint: #"{"circle-radius":["get","r"]}"#)
        let big = [Self.point(2048, 2048, id: 4, ["r": .double(40)])]
        #expect(Self.ids(try query(dataDriven, big, at: Self.at(256 + 35, 256))) == [4])
    }

    @Test func layersComeTopDownAndATilesFeaturesLastDrawnFirst() throws {
        let features = [Self.square(1600, 1600, 2400, 2400, id: 1), Self.square(1800, 1800, 2600, 2600, id: 2)]
        let layers = [Self.layer("bottom", "fill"), Self.layer("top", "fill")].joined(separator: ",")
        let found = try query(layers, features, at: Self.at(260, 260))
        #expect(found.map { $0.layer?["id"] } == [.string("top"), .string("top"), .string("bottom"), .string("bottom")])
        #expect(Self.ids(found) == [2, 1, 2, 1])
        // A sort key draws the higher key last: it comes first.
        let sorted = Self.layer("k", "fill", layout: #"{"fill-sort-key":["get","k"]}"#)
        let keyed = [Self.square(1600, 1600, 2400, 2400, id: 1, ["k": .double(5)]), Self.square(1800, 1800, 2600, 2600, id: 2, ["k": .double(1)])]
        #expect(Self.ids(try query(sorted, keyed, at: Self.at(260, 260))) == [1, 2])
    }

    @Test func onlyTheAskedLayersAndFeaturesPassingTheFilterAreFound() throws {
        let features = [Self.square(1600, 1600, 2400, 2400, id: 1, ["kind": .string("park")]),
                        Self.square(1600, 1600, 2400, 2400, id: 2, ["kind": .string("lake")])]
        let layers = [Self.layer("a", "fill"), Self.layer("b", "fill", filter: #"["==","kind","lake"]"#)].joined(separator: ",")
        #expect(Self.ids(try query(layers, features, at: Self.at(250, 250), layerIDs: ["b"])) == [2])
        let parks = try StyleFilter(json: ["==", "kind", "park"])
        #expect(Self.ids(try query(layers, features, at: Self.at(250, 250), filter: parks)) == [1])
        #expect(throws: FeatureQueryError.self) { try query(layers, features, at: Self.at(250, 250), layerIDs: ["c"]) }
    }

    @Test func aFeatureShownOnTwoCopiesOfTheWorldIsFoundOnce() throws {
        // At zoom 0 a 1024 px wide view shows the world about twice.
        let scene = RenderScene(styleJSON: Data(TestScene.style(Self.layer("f", "fill")).utf8), camera: TestScene.camera,
                                size: ViewportSize(width: 1024, height: 512), pixelRatio: 1,
                                sources: ["s": .vector([TestScene.tile: VectorTileData(layers: ["shapes": VectorLayer(
                                    name: "shapes", features: [Self.square(0, 0, 4096, 4096, id: 9)])], layerOrder: ["shapes"])])],
                                sprite: nil, glyphs: GlyphStore())
        let found = try renderer.queryRenderedFeatures(scene, RenderedFeatureQuestion(geometry: .box(Point2D(x: 0, y: 0), Point2D(x: 1024, y: 512))))
        #expect(Self.ids(found) == [9])
    }

    @Test func underPitchTheQueryPointIsCarriedOntoTheGround() throws {
        // Looking 60° from straight down, the screen's upper half shows ground farther north than flat.
        let pitched = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 1, pitch: 60)
        let transform = Transform(camera: pitched, size: TestScene.size)
        let ground = transform.groundPoint(screenX: 256, screenY: 100, atZoom: 0)
        // A small square in tile units around the ground point under (256, 100).
        let x = Int32(ground.x * 8), y = Int32(ground.y * 8)
        let features = [Self.square(x - 16, y - 16, x + 16, y + 16, id: 5)]
        #expect(Self.ids(try query(Self.layer("f", "fill"), features, at: Self.at(256, 100), camera: pitched)) == [5])
        #expect(try query(Self.layer("f", "fill"), features, at: Self.at(256, 120), camera: pitched).isEmpty)
    }

    @Test func aFeatureComesBackAsGeoJSONWithGLsMembers() throws {
        let features = [Self.square(0, 0, 2048, 2048, id: 12, ["name": .string("NW"), "n": .int(3)])]
        let found = try query(Self.layer("f", "fill"), features, at: Self.at(100, 100))
        let json = try #require(found.first).geoJSON
        #expect(json["type"] == .string("Feature") && json["id"] == .uint(12))
        #expect(json["properties"] == .object([JSONMember("n", .int(3)), JSONMember("name", .string("NW"))]))
        #expect(json["source"] == .string("s") && json["sourceLayer"] == .string("shapes") && json["state"] == .object([]))
        #expect(json["layer"]?["id"] == .string("f"))
        guard case .array(let rings)? = json["geometry"]?["coordinates"], case .array(let ring)? = rings.first else {
            Issue.record("not a polygon: \(json)"); return
        }
        // The north-west quarter of the world, closed: 180° W to 0°, 85.05° N to 0°.
        #expect(ring.count == 5 && ring.first == ring.last)
        #expect(ring[0] == .array([.number(-180), .number(85.0511287798066)]) || ring[0].serialized.hasPrefix("[-180,85.05112877980"))
        #expect(found.geoJSONText.hasPrefix("[{\"type\":\"Feature\""))
    }
}

extension RenderedFeatureQueryTests {
    @Test func extrusionsAreFoundFromTheCameraNearestFirst() throws {
        // Pitched 45° at zoom 2: the south building is nearer the camera (lower on screen) than the north one.
        let camera = Camera(center: LngLat(longitude: 0, latitude: 0), zoom: 2, pitch: 45)
        let layer = Self.layer("x", "fill-extrusion", paint: #"{"fill-extrusion-height":200000}"#)
        let south = Self.square(2000, 2100, 2096, 2196, id: 1), north = Self.square(2000, 1900, 2096, 1996, id: 2)
        let everything = try query(layer, [north, south], at: .box(Point2D(x: 0, y: 0), Point2D(x: 512, y: 512)), camera: camera)
        #expect(Self.ids(everything) == [1, 2], "nearest first, whatever their order in the tile")
        // A point on the south building's footprint finds it, and only it.
        let transform = Transform(camera: camera, size: TestScene.size)
        let footprint = transform.projector(atZoom: 0).project(x: 2048.0 / 8, y: 2148.0 / 8)
        #expect(Self.ids(try query(layer, [north, south], at: Self.at(footprint.x, footprint.y), camera: camera)) == [1])
    }

    /// GL JS's `feature.state`: the feature state set for the feature, by id, in both kinds of query.
    @Test func aFeatureCarriesItsFeatureState() throws {
        let features = [Self.square(0, 0, 2048, 2048, id: 12), Self.square(2048, 0, 4096, 2048, id: 13)]
        var style = TestScene.style(Self.layer("f", "fill"))
        style.removeLast()
        style += #", "mapwire:feature-state": {"s": {"shapes": {"12": {"hover": true, "rank": 2, "tags": ["a"]}}}}}"#
        let scene = TestScene.scene(style: style, features: features)
        let hit = try #require(try renderer.queryRenderedFeatures(scene, RenderedFeatureQuestion(geometry: Self.at(100, 100), layers: nil, filter: nil)).first)
        #expect(hit.geoJSON["state"] == .object([JSONMember("hover", .bool(true)), JSONMember("rank", .number(2)),
                                                 JSONMember("tags", .array([.string("a")]))]))
        let other = try #require(try renderer.queryRenderedFeatures(scene, RenderedFeatureQuestion(geometry: Self.at(400, 100), layers: nil, filter: nil)).first)
        #expect(other.geoJSON["state"] == .object([]))
        let source = try renderer.querySourceFeatures(scene, SourceFeatureQuestion(sourceID: "s", sourceLayer: "shapes"))
        #expect(source.first { $0.feature.id == 12 }?.geoJSON["state"]?["hover"] == .bool(true))
        #expect(source.first { $0.feature.id == 13 }?.geoJSON["state"] == .object([]))
    }
}
