import Foundation
import Testing
@testable import MapWireHTTP

/// The configuration file's header rules and its rewrites, both optional.
struct LoaderConfigurationTests {
    @Test func headerRulesByPrefix() throws {
        let json = """
            {"headers": [{"prefix": "https://api.example/", "headers": {"Authorization": "Bearer k", "X-A": "1"}},
                         {"prefix": "https://api.example/tiles/", "headers": {"x-a": "2"}}]}
            """
        let configuration = try JSONDecoder().decode(LoaderConfiguration.self, from: Data(json.utf8))
        #expect(configuration.rewrites.isEmpty)
        let tiles = configuration.extraHeaders(for: "https://api.example/tiles/1/2/3.pbf")
        #expect(tiles.map(\.name) == ["Authorization", "x-a"] && tiles.map(\.value) == ["Bearer k", "2"])
        #expect(configuration.extraHeaders(for: "https://api.example/style.json").map(\.value) == ["Bearer k", "1"])
        #expect(configuration.extraHeaders(for: "https://other.example/").isEmpty)
    }

    @Test func rewritesAloneStillRead() throws {
        let configuration = try JSONDecoder().decode(LoaderConfiguration.self, from: Data(#"{"rewrites": [{"from": "a://", "to": "file:///x/"}]}"#.utf8))
        #expect(configuration.rewrite("a://b.json").url == "file:///x/b.json")
        #expect(configuration.headers.isEmpty)
    }

    @Test func userAgentNamesTheVersion() {
        #expect(HTTPSettings.userAgent == "MapWire/\(mapWireVersion)")
    }
}
