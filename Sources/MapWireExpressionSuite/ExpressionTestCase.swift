import Foundation
import MapWireJSON

/// One test of maplibre-style-spec's expression suite: `tests/<group>/…/<name>/test.json`.
public struct ExpressionTestCase: Sendable {
    /// The path below `tests/`, e.g. "legacy/exponential/array".
    public var id: String
    /// The first folder below `tests/` ("legacy"): reports count passes per group.
    public var group: String { String(id.split(separator: "/").first ?? "") }
    /// The test's `test.json`.
    public var file: URL
    /// What `test.json` holds; nil with `loadError` when it could not be read.
    public var fixture: JSONValue?
    /// Why `test.json` could not be read: the test is then reported as an error.
    public var loadError: String?

    public init(id: String, file: URL, fixture: JSONValue?, loadError: String? = nil) {
        self.id = id
        self.file = file
        self.fixture = fixture
        self.loadError = loadError
    }

    /// Reads `file`; a file that is not JSON gives a case that reports why.
    public static func load(id: String, file: URL) -> ExpressionTestCase {
        let data: Data
        do { data = try Data(contentsOf: file) } catch {
            return ExpressionTestCase(id: id, file: file, fixture: nil, loadError: "cannot read test.json: \(error.localizedDescription)")
        }
        do {
            return ExpressionTestCase(id: id, file: file, fixture: try JSONValue(parsing: data))
        } catch {
            return ExpressionTestCase(id: id, file: file, fixture: nil, loadError: "test.json is not JSON: \(error.localizedDescription)")
        }
    }
}
