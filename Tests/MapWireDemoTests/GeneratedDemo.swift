import Foundation
@testable import MapWireDemo

/// One generated demo bundle shared by the tests that only read it (generation runs once per run).
/// A fixed directory, rewritten each run, so repeated runs do not pile up temporary files.
enum GeneratedDemo {
    static let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-demo-tests")
    static let result: Result<URL, any Error> = Result { try DemoData.write(to: directory) }

    static func styleURL() throws -> URL { try result.get() }

    static func file(_ relativePath: String) throws -> URL {
        _ = try result.get()
        return directory.appendingPathComponent(relativePath)
    }
}
