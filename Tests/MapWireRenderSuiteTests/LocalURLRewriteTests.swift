import Foundation
import Testing
@testable import MapWireRenderSuite

@Suite struct LocalURLRewriteTests {
    let root = URL(fileURLWithPath: "/suite/render tests")

    func rewrite(_ text: String) -> String {
        String(decoding: RenderSuite.rewriteLocalURLs(Data(text.utf8), root: root), as: UTF8.self)
    }

    @Test func rewritesEverySupportingFolder() {
        let style = """
            {"glyphs": "local://glyphs/{fontstack}/{range}.pbf",
             "sources": {"a": {"type": "geojson", "data": "local://data/feature.geojson"},
                         "b": {"type": "geojson", "data": "local://geojson/point.json"},
                         "c": {"type": "image", "url": "local://image/0.png"}}}
            """
        let prefix = "file:///suite/render%20tests/"
        #expect(rewrite(style) == """
            {"glyphs": "\(prefix)glyphs/{fontstack}/{range}.pbf",
             "sources": {"a": {"type": "geojson", "data": "\(prefix)data/feature.geojson"},
                         "b": {"type": "geojson", "data": "\(prefix)geojson/point.json"},
                         "c": {"type": "image", "url": "\(prefix)image/0.png"}}}
            """)
    }

    @Test func loaderRewritesServeTheUpstreamHarnessesURLsFromTheSuiteFolder() {
        // A tile set's "http://localhost:2900/tiles/{z}-{x}-{y}.mvt" becomes the suite's tiles folder.
        #expect(RenderSuite.loaderRewrites(root: root) == ["http://localhost:2900/=file:///suite/render%20tests/"])
    }

    @Test func leavesEverythingElseAsWritten() {
        // Other schemes, mid-string mentions and escaped quotes are not URLs to rewrite; spacing and key order stay.
        let style = #"{"z": 1.50, "a": "mapbox://x", "b": "see local://data/x", "c": "\"local://data/x"}"#
        #expect(rewrite(style) == style)
    }

    @Test func rewrittenGlyphURLStillExpandsToARealFile() throws {
        let rewritten = rewrite(#"{"glyphs": "local://glyphs/{fontstack}/{range}.pbf"}"#)
        let object = try JSONSerialization.jsonObject(with: Data(rewritten.utf8)) as? [String: String]
        let template = try #require(object?["glyphs"])
        let url = try #require(URL(string: template
            .replacingOccurrences(of: "{fontstack}", with: "Open%20Sans%20Semibold")
            .replacingOccurrences(of: "{range}", with: "0-255")))
        #expect(url.isFileURL)
        #expect(url.path == "/suite/render tests/glyphs/Open Sans Semibold/0-255.pbf")
    }
}
