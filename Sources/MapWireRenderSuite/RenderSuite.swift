import Foundation

/// Finds the render tests of a suite laid out like mapbox-gl-test-suite:
/// `root/tests/<property>/<name>/{style.json,expected.png}` with supporting files in `root/{data,geojson,image,glyphs}`.
public enum RenderSuite {
    /// Every render test under `root/tests` (query tests left out: `QuerySuite`), sorted by "property/name",
    /// optionally only those whose id contains `filter`.
    public static func load(root: URL, filter: String?) throws -> [RenderTestCase] {
        try loadAll(root: root, filter: filter).filter { $0.query == nil }.map(\.render)
    }

    /// Every test under `root/tests`, render and query tests alike, sorted by "property/name".
    static func loadAll(root: URL, filter: String?) throws -> [(render: RenderTestCase, query: QueryTestMetadata?)] {
        let tests = root.appendingPathComponent("tests")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: tests.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw RenderSuiteError.missingTestsFolder(root)
        }
        var cases: [(render: RenderTestCase, query: QueryTestMetadata?)] = []
        for property in try subfolders(of: tests) {
            for name in try subfolders(of: tests.appendingPathComponent(property)) {
                let id = "\(property)/\(name)"
                if let filter, !filter.isEmpty, !id.contains(filter) { continue }
                let directory = tests.appendingPathComponent(property).appendingPathComponent(name)
                let styleURL = directory.appendingPathComponent("style.json")
                guard FileManager.default.fileExists(atPath: styleURL.path) else { continue }
                cases.append(try loadCase(property: property, name: name, directory: directory, styleURL: styleURL, root: root))
            }
        }
        return cases.sorted { $0.render.id < $1.render.id }
    }

    /// Rewrites `local://…` URLs to `file://<root>/…`: local://data/x, local://geojson/…, local://image/…,
    /// local://glyphs/{fontstack}/{range}.pbf. Relative paths in operations are resolved by `load`.
    public static func rewriteLocalURLs(_ json: Data, root: URL) -> Data {
        LocalURLRewriter.rewrite(json, root: root)
    }

    /// The address upstream's harness served the suite folder on: some tile sets in the suite name
    /// their tiles `http://localhost:2900/tiles/…`.
    public static let upstreamServerURL = "http://localhost:2900/"

    /// Loader rewrites (`FROM=TO`) that serve the upstream server's URLs from the suite folder, as
    /// `local://` URLs are, so no server (and no fixed port shared by parallel runs) is needed.
    public static func loaderRewrites(root: URL) -> [String] {
        ["\(upstreamServerURL)=\(LocalURLRewriter.fileURLPrefix(root))"]
    }

    private static func loadCase(property: String, name: String, directory: URL, styleURL: URL, root: URL) throws
        -> (render: RenderTestCase, query: QueryTestMetadata?)
    {
        let id = "\(property)/\(name)"
        let style: [String: Any]
        let rewritten: Data
        do {
            rewritten = rewriteLocalURLs(try Data(contentsOf: styleURL), root: root)
            guard let object = try JSONSerialization.jsonObject(with: rewritten) as? [String: Any] else {
                throw RenderSuiteError.unreadableStyle(testID: id, reason: "not a JSON object")
            }
            style = object
        } catch let error as RenderSuiteError {
            throw error
        } catch {
            throw RenderSuiteError.unreadableStyle(testID: id, reason: String(describing: error))
        }
        let metadata = RenderTestMetadata(style: style, root: root)
        let render = RenderTestCase(
            property: property, name: name, directory: directory, styleJSON: rewritten,
            width: metadata.width, height: metadata.height, pixelRatio: metadata.pixelRatio,
            allowed: metadata.allowed, operations: metadata.operations, ignoredReason: metadata.ignoredReason)
        return (render, QueryTestMetadata(style: style))
    }

    /// Visible subfolder names, sorted.
    private static func subfolders(of url: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).filter { entry in
            var isDirectory: ObjCBool = false
            return !entry.hasPrefix(".")
                && FileManager.default.fileExists(atPath: url.appendingPathComponent(entry).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }
}
