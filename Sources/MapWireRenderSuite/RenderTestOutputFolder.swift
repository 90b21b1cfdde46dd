import Foundation
import MapWireFormats

/// Where one test's images go: `outputRoot/<property>/<name>/`, never the (read-only) suite folder.
struct RenderTestOutputFolder {
    static let actualFileName = "actual.png"
    static let diffFileName = "diff.png"

    let url: URL

    init(outputRoot: URL, testCase: RenderTestCase) {
        url = outputRoot.appendingPathComponent(testCase.property).appendingPathComponent(testCase.name)
    }

    var actualURL: URL { url.appendingPathComponent(Self.actualFileName) }
    var diffURL: URL { url.appendingPathComponent(Self.diffFileName) }

    /// Creates the folder and removes images of an earlier run, so a report never shows stale pictures.
    func prepare() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for stale in [actualURL, diffURL] where FileManager.default.fileExists(atPath: stale.path) {
            try FileManager.default.removeItem(at: stale)
        }
    }

    func write(_ image: RGBAImage, to file: URL) throws {
        try ImageEncoder.png(image).write(to: file, options: .atomic)
    }

    /// The path of a file in this folder relative to the output root, for links in reports.
    static func relativePath(_ testCase: RenderTestCase, _ fileName: String) -> String {
        "\(testCase.property)/\(testCase.name)/\(fileName)"
    }
}
