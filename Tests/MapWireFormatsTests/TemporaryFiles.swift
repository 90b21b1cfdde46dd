import Foundation

/// Unique scratch paths so parallel tests never share a file.
enum TemporaryFiles {
    static func path(_ name: String) -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-formats-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent(name).path
    }

    static func remove(_ path: String) {
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
    }
}
