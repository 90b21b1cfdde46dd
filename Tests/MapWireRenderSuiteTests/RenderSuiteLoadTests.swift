import Foundation
import Testing
@testable import MapWireRenderSuite

@Suite struct RenderSuiteLoadTests {
    /// Two properties; defaults, a diff override, pixelRatio, ignored/skipped, and one test of every operation.
    static func writeSuite(_ root: URL) throws {
        try SuiteWriter.writeTest(root: root, "fill-color/default", style: SuiteWriter.style(test: #""diff": 0.001"#))
        try SuiteWriter.writeTest(root: root, "fill-color/literal", style: SuiteWriter.style(test: """
            "width": 64, "height": 32, "pixelRatio": 2,
            "ignored": {"native": "https://example.com/1", "js": "https://example.com/2"}, "skipped": {"native": "needs issue"}
            """))
        try SuiteWriter.writeTest(root: root, "runtime-styling/everything", style: SuiteWriter.style(test: """
            "height": 64, "operations": [
              ["wait"],
              ["setStyle", {"version": 8, "sources": {}, "layers": []}],
              ["addLayer", {"id": "bg", "type": "background"}, "top"],
              ["addLayer", {"id": "fg", "type": "background"}],
              ["removeLayer", "bg"],
              ["setPaintProperty", "bg", "background-color", "red"],
              ["setLayoutProperty", "bg", "visibility", "none"],
              ["setPaintProperty", "bg", "background-opacity"],
              ["setFilter", "bg", ["==", "a", 1]],
              ["setFilter", "bg", null],
              ["addSource", "s", {"type": "geojson", "data": "local://geojson/point.json"}],
              ["removeSource", "s"],
              ["addImage", "marker", "./image/marker.png"],
              ["addImage", "sdf", "./image/0.png", {"sdf": true, "pixelRatio": 2}],
              ["setZoom", 3],
              ["setBearing", 90.5],
              ["setCenter", [-71, 42.5]],
              ["setPitch", 60],
              ["setLight", {"intensity": 1}],
              ["setSky", {"sky-color": "red"}],
              ["setTerrain", null],
              ["setProjection", {"type": "globe"}],
              ["setLayerZoomRange", "bg", 2, 10],
              ["setFeatureState", {"source": "s", "sourceLayer": "road", "id": 7}, {"hover": true}],
              ["setFeatureState", {"source": "s", "id": "a"}, {"hover": false}],
              ["removeFeatureState", {"source": "s", "id": 7}, "hover"],
              ["removeFeatureState", {"source": "s"}],
              ["setGlobalStateProperty", "tint", "red"],
              ["setFeatureState", {"id": 7}, {}],
              ["addClass", "night"],
              ["setZoom", "three"],
              ["setZoom", true]
            ]
            """))
        // A folder without style.json is not a test.
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("tests/fill-color/notes"), withIntermediateDirectories: true)
    }

    @Test func findsEveryTestSortedWithDefaults() throws {
        let folder = try TemporaryDirectory()
        try Self.writeSuite(folder.url)
        let cases = try RenderSuite.load(root: folder.url, filter: nil)
        #expect(cases.map(\.id) == ["fill-color/default", "fill-color/literal", "runtime-styling/everything"])

        let first = cases[0]
        #expect(first.property == "fill-color" && first.name == "default")
        #expect(first.directory.lastPathComponent == "default")
        #expect(first.width == 512 && first.height == 512 && first.pixelRatio == 1)
        #expect(first.allowed == 0.001)
        #expect(first.operations.isEmpty)
        #expect(first.ignoredReason == nil)

        let second = cases[1]
        #expect(second.width == 64 && second.height == 32 && second.pixelRatio == 2)
        #expect(second.imageWidth == 128 && second.imageHeight == 64)
        #expect(second.allowed == RenderTestCase.defaultAllowed)
        #expect(second.ignoredReason
            == "ignored (js): https://example.com/2; ignored (native): https://example.com/1; skipped (native): needs issue")

        #expect(cases[2].width == 512 && cases[2].height == 64)
    }

    @Test func filterMatchesASubstringOfTheID() throws {
        let folder = try TemporaryDirectory()
        try Self.writeSuite(folder.url)
        #expect(try RenderSuite.load(root: folder.url, filter: "color/lit").map(\.id) == ["fill-color/literal"])
        #expect(try RenderSuite.load(root: folder.url, filter: "runtime").count == 1)
        #expect(try RenderSuite.load(root: folder.url, filter: "nothing-like-this").isEmpty)
        #expect(try RenderSuite.load(root: folder.url, filter: "").count == 3)
    }

    @Test func parsesEveryOperationWithItsArguments() throws {
        let folder = try TemporaryDirectory()
        try Self.writeSuite(folder.url)
        let root = folder.url
        let operations = try #require(try RenderSuite.load(root: root, filter: "everything").first).operations
        let json = { (text: String) in Data(text.utf8) }
        let pointURL = LocalURLRewriter.fileURLPrefix(root) + "geojson/point.json"
        let expected: [RenderOperation] = [
            .wait,
            .setStyle(json(#"{"layers":[],"sources":{},"version":8}"#)),
            .addLayer(json(#"{"id":"bg","type":"background"}"#), before: "top"),
            .addLayer(json(#"{"id":"fg","type":"background"}"#), before: nil),
            .removeLayer("bg"),
            .setPaintProperty(layer: "bg", name: "background-color", value: json(#""red""#)),
            .setLayoutProperty(layer: "bg", name: "visibility", value: json(#""none""#)),
            .setPaintProperty(layer: "bg", name: "background-opacity", value: json("null")),
            .setFilter(layer: "bg", filter: json(#"["==","a",1]"#)),
            .setFilter(layer: "bg", filter: nil),
            .addSource(id: "s", source: json(#"{"data":"\#(pointURL)","type":"geojson"}"#)),
            .removeSource("s"),
            .addImage(id: "marker", path: root.appendingPathComponent("image/marker.png").standardizedFileURL, sdf: nil, pixelRatio: nil),
            .addImage(id: "sdf", path: root.appendingPathComponent("image/0.png").standardizedFileURL, sdf: true, pixelRatio: 2),
            .setZoom(3),
            .setBearing(90.5),
            .setCenter(lon: -71, lat: 42.5),
            .setPitch(60),
            .setLight(json(#"{"intensity":1}"#)),
            .setSky(json(#"{"sky-color":"red"}"#)),
            .setTerrain(json("null")),
            .setProjection(json(#"{"type":"globe"}"#)),
            .setLayerZoomRange(layer: "bg", min: 2, max: 10),
            .setFeatureState(source: "s", sourceLayer: "road", id: "7", state: json(#"{"hover":true}"#)),
            .setFeatureState(source: "s", sourceLayer: nil, id: "a", state: json(#"{"hover":false}"#)),
            .removeFeatureState(source: "s", sourceLayer: nil, id: "7", key: "hover"),
            .removeFeatureState(source: "s", sourceLayer: nil, id: nil, key: nil),
            .setGlobalStateProperty(name: "tint", value: json(#""red""#)),
            .unknown(#"["setFeatureState",{"id":7},{}]"#),
            .unknown(#"["addClass","night"]"#),
            .unknown(#"["setZoom","three"]"#),
            .unknown(#"["setZoom",true]"#),
        ]
        #expect(operations.count == expected.count)
        for (operation, want) in zip(operations, expected) {
            #expect(operation == want)
        }
    }

    @Test func missingTestsFolderIsAnError() throws {
        let folder = try TemporaryDirectory()
        #expect(throws: RenderSuiteError.missingTestsFolder(folder.url)) {
            try RenderSuite.load(root: folder.url, filter: nil)
        }
    }

    @Test func brokenStyleNamesTheTest() throws {
        let folder = try TemporaryDirectory()
        try SuiteWriter.writeTest(root: folder.url, "fill-color/broken", style: "{not json")
        #expect {
            try RenderSuite.load(root: folder.url, filter: nil)
        } throws: { error in
            guard case .unreadableStyle(let id, _) = error as? RenderSuiteError else { return false }
            return id == "fill-color/broken"
        }
    }
}
