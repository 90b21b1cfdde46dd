import Foundation
import Testing
@testable import MapWireServe
@testable import MapWireServeInput

/// tileserver-gl's URL forms, and every bad request answered with its status.
@Suite struct ServeRouteTests {
    func parse(_ path: String, _ query: [(String, String)] = [], maxSize: Int = 2048) throws(RouteError) -> ServeRoute {
        try ServeRoute.parse(path: path, query: query, maxSize: maxSize)
    }

    func status(_ path: String, _ query: [(String, String)] = [], maxSize: Int = 2048) -> Int? {
        do { _ = try parse(path, query, maxSize: maxSize); return nil } catch { return error.status }
    }

    @Test func pagesAndJSON() throws {
        #expect(try parse("/") == .liveView)
        #expect(try parse("/health") == .health)
        #expect(try parse("/metrics") == .metrics)
        #expect(try parse("/styles/bright.json") == .tileJSON(style: "bright"))
        #expect(try parse("/styles/bright/style.json") == .styleJSON(style: "bright"))
    }

    @Test func tilesWithScaleAndFormat() throws {
        #expect(try parse("/styles/b/3/2/5.png") == .tile(TileRequest(style: "b", z: 3, x: 2, y: 5, scale: 1, format: .png)))
        #expect(try parse("/styles/b/3/2/5@2x.png") == .tile(TileRequest(style: "b", z: 3, x: 2, y: 5, scale: 2, format: .png)))
        #expect(try parse("/styles/b/0/0/0@3x.webp") == .tile(TileRequest(style: "b", z: 0, x: 0, y: 0, scale: 3, format: .webp)))
        #expect(try parse("/styles/b/24/0/16777215.jpeg") == .tile(TileRequest(style: "b", z: 24, x: 0, y: 16_777_215, scale: 1, format: .jpg)))
    }

    @Test func badTilesAre400AndUnknownPages404() {
        #expect(status("/styles/b/25/0/0.png") == 400)
        #expect(status("/styles/b/-1/0/0.png") == 400)
        #expect(status("/styles/b/2/4/0.png") == 400)
        #expect(status("/styles/b/2/0/-1.png") == 400)
        #expect(status("/styles/b/2/0/0.gif") == 400)
        #expect(status("/styles/b/2/0/0@4x.png") == 400)
        #expect(status("/styles/b/a/0/0.png") == 400)
        #expect(status("/nothing") == 404)
        #expect(status("/styles/b/1/2") == 404)
    }

    @Test func staticCentreBoxAndAuto() throws {
        let centre = try parse("/styles/b/static/-87.6,41.88,12@30,45/600x400@2x.png")
        guard case .staticImage(let image) = centre else { Issue.record("not static"); return }
        #expect(image.placement == .center(longitude: -87.6, latitude: 41.88, zoom: 12, bearing: 30, pitch: 45))
        #expect(image.width == 600 && image.height == 400 && image.scale == 2)
        let box = try parse("/styles/b/static/-88,41,-87,42/300x200.jpg")
        guard case .staticImage(let boxed) = box else { Issue.record("not static"); return }
        #expect(boxed.placement == .bounds(minLongitude: -88, minLatitude: 41, maxLongitude: -87, maxLatitude: 42))
        let auto = try parse("/styles/b/static/auto/300x200.png", [("path", "stroke:red|-87.7,41.8|-87.6,41.9"), ("marker", "-87.65,41.85|pin.png")])
        guard case .staticImage(let fitted) = auto else { Issue.record("not static"); return }
        #expect(fitted.placement == .auto && fitted.paths.first?.coordinates.count == 2 && fitted.paths.first?.stroke == "red" && fitted.markers.count == 1)
    }

    @Test func badStaticImagesAre400() {
        #expect(status("/styles/b/static/0,0,3/3000x100.png") == 400, "over --max-size")
        #expect(status("/styles/b/static/0,0,3/1100x100@2x.png") == 400, "over --max-size at @2x")
        #expect(status("/styles/b/static/0,0,30/100x100.png") == 400)
        #expect(status("/styles/b/static/0,95,3/100x100.png") == 400)
        #expect(status("/styles/b/static/auto/100x100.png") == 400, "auto without overlays")
        #expect(status("/styles/b/static/1,1,0,0/100x100.png") == 400, "min above max")
        #expect(status("/styles/b/static/0,0,3/0x100.png") == 400)
        #expect(status("/styles/b/static/0,x,3/100x100.png") == 400)
        #expect(status("/styles/b/static/0,0,3/100x100.png", [("path", "500,0|1,1")]) == 400)
        #expect(status("/styles/b/static/0,0,3/100x100.png", [("path", "1,1")]) == 400, "a path of one point")
        #expect(status("/styles/b/static/0,0,3/100x100.png", [("path", "width:999|1,1|2,2")]) == 400)
    }

    @Test func queriesAreDecoded() {
        let items = ServeRoute.decodeQuery("path=1%2C2%7C3,4&marker=5,6&x")
        #expect(items.map(\.0) == ["path", "marker", "x"])
        #expect(items[0].1 == "1,2|3,4")
    }
}

@Suite struct ViewGeometryTests {
    @Test func aTileIsDrawnOneZoomLowerWithAMarginAndCropped() {
        let view = ViewGeometry.view(for: TileRequest(style: "b", z: 1, x: 0, y: 0, scale: 2, format: .png))
        #expect(view.zoom == 0)
        #expect(abs(view.longitude + 90) < 1e-9 && view.latitude > 60 && view.latitude < 67)
        #expect(view.width == 256 + 2 * ViewGeometry.tileMargin && view.pixelRatio == 2)
        #expect(view.cropMargin == ViewGeometry.tileMargin * 2 && view.outputWidth == 512)
    }

    @Test func theWorldTileIsTheZoomZeroWorldAtHalfThePixelRatio() {
        let view = ViewGeometry.view(for: TileRequest(style: "b", z: 0, x: 0, y: 0, scale: 1, format: .png))
        #expect(view.zoom == 0 && view.width == 512 && view.pixelRatio == 0.5 && view.cropMargin == 0 && view.outputWidth == 256)
    }

    @Test func aBoxIsFittedAroundItsCentre() {
        let image = StaticRequest(style: "b", placement: .bounds(minLongitude: -10, minLatitude: -10, maxLongitude: 10, maxLatitude: 10),
                                  width: 512, height: 512, scale: 1, format: .png, paths: [], markers: [])
        let view = ViewGeometry.view(for: image)
        #expect(abs(view.longitude) < 1e-9 && abs(view.latitude) < 1e-6)
        // 20° of 360° filling 80 % of 512 px: 2^z = 0.8 · 360 / 20.
        #expect(abs(view.zoom - log2(0.8 * 360 / 20)) < 0.01)
    }
}

@Suite struct RenderedTileCacheTests {
    @Test func leastRecentlyUsedGoFirstPastTheBudget() {
        var cache = RenderedTileCache(budgetBytes: 100)
        for i in 0..<4 { cache.put("k\(i)", .init(bytes: Data(count: 30), etag: "\(i)")) }
        #expect(cache.totalBytes <= 100)
        #expect(cache.get("k3") != nil, "the newest stays")
        #expect(cache.get("k0") == nil, "the oldest went")
    }

    @Test func etagsMatchTheirContentAndIfNoneMatchLists() {
        let tag = ETag.of(Data("abc".utf8))
        #expect(tag == ETag.of(Data("abc".utf8)) && tag != ETag.of(Data("abd".utf8)))
        #expect(ETag.matches("\"x\", \(tag)", tag) && ETag.matches("*", tag) && ETag.matches("W/\(tag)", tag))
        #expect(!ETag.matches(nil, tag) && !ETag.matches("\"other\"", tag))
    }
}
