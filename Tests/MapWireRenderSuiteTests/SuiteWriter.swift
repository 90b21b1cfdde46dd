import Foundation
import MapWireFormats

/// Writes a small render-test suite (style.json files, optional expected.png) into a folder.
enum SuiteWriter {
    static func writeTest(root: URL, _ id: String, style: String, expected: RGBAImage? = nil) throws {
        let directory = root.appendingPathComponent("tests").appendingPathComponent(id)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(style.utf8).write(to: directory.appendingPathComponent("style.json"))
        if let expected {
            try ImageEncoder.png(expected).write(to: directory.appendingPathComponent("expected.png"))
        }
    }

    /// A style whose `metadata.test` holds `test` (a JSON object body without braces).
    static func style(test: String, extra: String = "") -> String {
        """
        {"version": 8, "metadata": {"test": {\(test)}}, "sources": {}\(extra.isEmpty ? "" : ", " + extra), "layers": []}
        """
    }
}
