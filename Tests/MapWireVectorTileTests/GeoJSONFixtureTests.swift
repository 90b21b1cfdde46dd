import Foundation
import MapWireVectorTile
import Testing

/// Every GeoJSON file and inline GeoJSON source of the render tests must load, except the two
/// files that exist to be rejected.
@Suite(.enabled(if: SharedFixtures.renderTests != nil, Comment(rawValue: SharedFixtures.skipMessage)))
struct GeoJSONFixtureTests {
    static let files = SharedFixtures.renderTestFiles(in: "data", extensions: ["geojson"])
        + SharedFixtures.renderTestFiles(in: "geojson", extensions: ["json"])

    /// invalid.geojson is the JSON number 42; malformed.geojson has the non-GeoJSON type "Model".
    static let expectedFailures: [String: GeoJSONError] = [
        "invalid.geojson": .notAnObject(path: "root"),
        "malformed.geojson": .unknownType("Model", path: "root"),
    ]

    /// The inline-invalid render test gives the number 42 as its data and expects an empty map.
    static let expectedInlineFailures: [String: GeoJSONError] = [
        "geojson/inline-invalid/style.json": .notAnObject(path: "root"),
    ]

    @Test func dataFilesAreFound() {
        #expect(Self.files.count >= 9)
    }

    @Test(arguments: files)
    func fileLoadsOrFailsAsIntended(file: URL) throws {
        let data = try Data(contentsOf: file)
        if let failure = Self.expectedFailures[file.lastPathComponent] {
            #expect(throws: failure) { try GeoJSONTiler(data: data) }
            return
        }
        let tiler = try GeoJSONTiler(data: data)
        #expect(!tiler.tile(z: 0, x: 0, y: 0).features.isEmpty, "\(file.lastPathComponent) draws nothing at z0")
    }

    @Test func pointCollectionKeepsEveryPoint() throws {
        let file = try #require(Self.files.first { $0.lastPathComponent == "121points.geojson" })
        let layer = try GeoJSONTiler(data: Data(contentsOf: file)).tile(z: 0, x: 0, y: 0)
        #expect(layer.features.flatMap { $0.geometry.joined() }.count == 121)
    }

    @Test func inlineStyleSourcesLoad() throws {
        let tests = try #require(SharedFixtures.renderTests).appendingPathComponent("tests")
        let styles = FileManager.default.enumerator(atPath: tests.path)?
            .compactMap { $0 as? String }.filter { $0.hasSuffix("style.json") } ?? []
        var checked = 0
        for path in styles {
            let style = try JSONSerialization.jsonObject(with: Data(contentsOf: tests.appendingPathComponent(path))) as? [String: Any]
            for case let source as [String: Any] in (style?["sources"] as? [String: Any] ?? [:]).values
            where source["type"] as? String == "geojson" {
                guard let data = source["data"], !(data is String) else { continue }
                if let failure = Self.expectedInlineFailures[path] {
                    #expect(throws: failure, "\(path)") { _ = try GeoJSONTiler(json: data) }
                } else {
                    #expect(throws: Never.self, "\(path)") { _ = try GeoJSONTiler(json: data) }
                }
                checked += 1
            }
        }
        #expect(checked > 100)
    }
}
