import Foundation
import Testing

/// Locates the shared test fixtures: $MAPWIRE_SHARED, else `<package root>/../shared`.
/// Tests that need them are disabled (with this message) when the directory is absent.
enum SharedFixtures {
    static let directory: URL? = {
        let fileManager = FileManager.default
        // This file lives in <package root>/Tests/<target>/.
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let shared = ProcessInfo.processInfo.environment["MAPWIRE_SHARED"].map { URL(fileURLWithPath: $0) }
            ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        let fixtures = shared.appendingPathComponent("fixtures")
        return fileManager.fileExists(atPath: fixtures.path) ? fixtures : nil
    }()

    static let isAvailable = directory != nil
    static let skipMessage: Comment = "shared fixtures not found: set MAPWIRE_SHARED or place them at <package root>/../shared"

    static func mbtiles(_ name: String) -> String {
        directory!.appendingPathComponent("mbtiles").appendingPathComponent(name).path
    }
}
