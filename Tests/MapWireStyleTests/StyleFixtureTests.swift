import Foundation
import Testing
@testable import MapWireStyle

/// Compiles every paint/layout value and filter in the shared fixture styles, so the parser is known
/// to accept what real styles contain.
struct StyleFixtureTests {
    /// MAPWIRE_SHARED, or the `shared` folder next to the package root.
    static var sharedDirectory: URL {
        if let path = ProcessInfo.processInfo.environment["MAPWIRE_SHARED"] {
            return URL(fileURLWithPath: path)
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }

    static let renderTests = sharedDirectory.appendingPathComponent("fixtures/render-tests")
    static let sampleStyles = sharedDirectory.appendingPathComponent("fixtures/styles")
    static let skipMessage: Comment = "shared fixtures not found: set MAPWIRE_SHARED or place them at <package root>/../shared"

    static func exists(_ folder: URL) -> Bool { FileManager.default.fileExists(atPath: folder.path) }

    @Test(.enabled(if: StyleFixtureTests.exists(StyleFixtureTests.renderTests), StyleFixtureTests.skipMessage))
    func renderTestStylesParse() throws {
        try checkStyles(under: Self.renderTests, named: { $0.lastPathComponent == "style.json" })
    }

    @Test(.enabled(if: StyleFixtureTests.exists(StyleFixtureTests.sampleStyles), StyleFixtureTests.skipMessage))
    func sampleStylesParse() throws {
        try checkStyles(under: Self.sampleStyles, named: { $0.pathExtension == "json" })
    }

    private func checkStyles(under root: URL, named accept: (URL) -> Bool) throws {
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter(accept).sorted { $0.path < $1.path } ?? []
        var checked = 0
        for file in files {
            guard let style = try? JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] else {
                continue  // not a style (some fixtures are deliberately broken JSON)
            }
            let relative = String(file.path.dropFirst(root.path.count + 1))
            for layer in Self.layers(of: style) {
                checked += check(layer: layer, in: relative)
            }
            for operation in Self.operations(of: style) {
                checked += check(operation: operation, in: relative)
            }
        }
        print("checked \(checked) values in \(files.count) styles under \(root.path)")
        #expect(files.isEmpty || checked > 0)
    }

    private static func layers(of style: [String: Any]) -> [[String: Any]] {
        (style["layers"] as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
    }

    /// Render tests change styles at runtime through `metadata.test.operations`.
    private static func operations(of style: [String: Any]) -> [[Any]] {
        let test = (style["metadata"] as? [String: Any])?["test"] as? [String: Any]
        return (test?["operations"] as? [Any])?.compactMap { $0 as? [Any] } ?? []
    }

    private func check(layer: [String: Any], in file: String) -> Int {
        let id = layer["id"] as? String ?? "?"
        var count = 0
        for section in ["paint", "layout"] {
            for (name, value) in layer[section] as? [String: Any] ?? [:] {
                count += checkProperty(name, value, at: "\(file) \(id).\(section).\(name)")
            }
        }
        if let filter = layer["filter"] {
            count += checkFilter(filter, at: "\(file) \(id).filter")
        }
        return count
    }

    private func check(operation: [Any], in file: String) -> Int {
        guard let name = operation.first as? String else { return 0 }
        switch name {
        case "setPaintProperty", "setLayoutProperty":
            guard operation.count >= 4, let property = operation[2] as? String, !(operation[3] is NSNull) else { return 0 }
            return checkProperty(property, operation[3], at: "\(file) \(name) \(property)")
        case "setFilter":
            guard operation.count >= 3 else { return 0 }
            return checkFilter(operation[2], at: "\(file) setFilter")
        case "addLayer":
            guard let layer = operation.dropFirst().first as? [String: Any] else { return 0 }
            return check(layer: layer, in: file + " addLayer")
        default:
            return 0
        }
    }

    private func checkProperty(_ name: String, _ value: Any, at location: String) -> Int {
        do {
            _ = try PropertyValue(json: value, kind: PropertyKindGuess.kind(for: name))
        } catch {
            Issue.record("\(location): \(error)")
        }
        return 1
    }

    private func checkFilter(_ filter: Any, at location: String) -> Int {
        do {
            _ = try StyleFilter(json: filter)
        } catch {
            Issue.record("\(location): \(error)")
        }
        return 1
    }
}
