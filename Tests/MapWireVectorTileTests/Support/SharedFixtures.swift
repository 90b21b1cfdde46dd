import Foundation

/// Locates the shared fixture folder: `MAPWIRE_SHARED` if set, else `<package root>/../shared`.
/// A fresh clone has no such folder, so callers skip instead of failing.
enum SharedFixtures {
    static let skipMessage = "shared fixtures not found: set MAPWIRE_SHARED or place them at <package root>/../shared"

    static var root: URL {
        if let path = ProcessInfo.processInfo.environment["MAPWIRE_SHARED"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        // This file is <package root>/Tests/MapWireVectorTileTests/Support/SharedFixtures.swift.
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared", isDirectory: true)
    }

    static func directory(_ relativePath: String) -> URL? {
        let url = root.appendingPathComponent(relativePath, isDirectory: true)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        return url
    }

    static var mvtSpec: URL? { directory("fixtures/mvt-spec") }
    static var renderTests: URL? { directory("fixtures/render-tests") }

    /// Fixture folder names (e.g. "017") that hold a tile.mvt, sorted.
    static var mvtFixtureIDs: [String] {
        guard let folder = mvtSpec,
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).appendingPathComponent("tile.mvt").path)
        }.sorted()
    }

    /// Files in a render-tests subfolder with one of the given extensions, sorted.
    static func renderTestFiles(in subfolder: String, extensions: Set<String>) -> [URL] {
        guard let folder = renderTests?.appendingPathComponent(subfolder),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.sorted().map { folder.appendingPathComponent($0) }.filter { extensions.contains($0.pathExtension) }
    }
}
