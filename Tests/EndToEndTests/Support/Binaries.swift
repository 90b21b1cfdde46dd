import Foundation
import Testing

/// Where the package's executables are: next to the test bundle (SwiftPM puts every product of a
/// build in one folder), or in $MAPWIRE_BIN_DIR.
enum Binaries {
    static let directory: URL = {
        if let dir = ProcessInfo.processInfo.environment["MAPWIRE_BIN_DIR"] { return URL(fileURLWithPath: dir) }
        var url = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        // The runner may be inside a .xctest bundle folder.
        while url.pathExtension == "xctest" || url.lastPathComponent == "MacOS" { url.deleteLastPathComponent() }
        return url
    }()

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static var available: Bool {
        ["mapwire", "mapwire-core", "mapwire-loader"].allSatisfy { FileManager.default.isExecutableFile(atPath: path($0)) }
    }
}

/// The shared fixtures (../shared/fixtures beside the package), when they are there.
enum SharedFixtures {
    static let directory: URL? = {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [ProcessInfo.processInfo.environment["MAPWIRE_SHARED"].map { URL(fileURLWithPath: $0) },
                          packageRoot.deletingLastPathComponent().appendingPathComponent("shared")].compactMap { $0 }
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("fixtures").path) }
    }()

    static var fixtures: URL? { directory?.appendingPathComponent("fixtures") }

    static let isAvailable = directory != nil
    static let skipMessage: Comment = "../shared/fixtures is absent (a fresh clone has none): set MAPWIRE_SHARED or place them there"
}
