import Foundation
import Testing

/// Locates the shared render-test suite: $MAPWIRE_SHARED, else `<package root>/../shared`.
/// Tests that need it are disabled (with this message) when it is absent.
enum SharedFixtures {
    static let renderTests: URL? = {
        // This file lives in <package root>/Tests/<target>/.
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let shared = ProcessInfo.processInfo.environment["MAPWIRE_SHARED"].map { URL(fileURLWithPath: $0) }
            ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        let suite = shared.appendingPathComponent("fixtures/render-tests")
        return FileManager.default.fileExists(atPath: suite.appendingPathComponent("tests").path) ? suite : nil
    }()

    static let isAvailable = renderTests != nil
    static let skipMessage: Comment =
        "shared render tests not found: set MAPWIRE_SHARED or place them at <package root>/../shared/fixtures/render-tests"
}
