import Foundation
import Testing

/// Locates the shared test fixtures: $MAPWIRE_SHARED, else `<package root>/../shared`.
/// Tests that need them are disabled (with this message) when the directory is absent.
enum SharedFixtures {
    static let directory: URL? = {
        // This file lives in <package root>/Tests/<target>/.
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let shared = ProcessInfo.processInfo.environment["MAPWIRE_SHARED"].map { URL(fileURLWithPath: $0) }
            ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        let fixtures = shared.appendingPathComponent("fixtures")
        return FileManager.default.fileExists(atPath: fixtures.path) ? fixtures : nil
    }()

    static var makiIcons: URL? {
        guard let icons = directory?.appendingPathComponent("icons/maki"),
              FileManager.default.fileExists(atPath: icons.path)
        else { return nil }
        return icons
    }

    static let makiSkipMessage: Comment =
        "maki icons not found: set MAPWIRE_SHARED or place the fixtures at <package root>/../shared (needs fixtures/icons/maki)"
}
