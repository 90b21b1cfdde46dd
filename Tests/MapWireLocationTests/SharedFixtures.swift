import Foundation
import Testing

/// Locates ../shared/fixtures: env MAPWIRE_SHARED, else <package root>/../shared.
/// Why #filePath: tests run from varying working directories, the source file never moves.
enum SharedFixtures {
    static var gpxDirectory: URL? {
        let shared: URL
        if let env = ProcessInfo.processInfo.environment["MAPWIRE_SHARED"], !env.isEmpty {
            shared = URL(fileURLWithPath: env)
        } else {
            let packageRoot = URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        }
        let gpx = shared.appendingPathComponent("fixtures/gpx")
        return FileManager.default.fileExists(atPath: gpx.path) ? gpx : nil
    }

    static var isAvailable: Bool { gpxDirectory != nil }
    static let skipMessage: Comment = "shared fixtures not found: set MAPWIRE_SHARED or place them at <package root>/../shared"
}
