import Foundation

/// Finds the tests of a suite laid out like maplibre-style-spec's `test/integration/expression/`:
/// `root/tests/<group>/[<subgroup>/…]<name>/test.json`.
public enum ExpressionSuite {
    public static let testFileName = "test.json"

    /// Whether `root` is laid out as an expression suite rather than a render suite: its `tests/` folder
    /// holds `test.json` files and no `style.json`.
    public static func isExpressionSuite(root: URL) -> Bool {
        let tests = root.appendingPathComponent("tests")
        guard let walker = FileManager.default.enumerator(atPath: tests.path) else { return false }
        var sawTest = false
        while let path = walker.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            if name == "style.json" { return false }
            if name == testFileName { sawTest = true }
        }
        return sawTest
    }

    /// Every test under `root/tests`, sorted by id, optionally only those whose id contains `filter`.
    public static func load(root: URL, filter: String?) throws(ExpressionSuiteError) -> [ExpressionTestCase] {
        let tests = root.appendingPathComponent("tests")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: tests.path, isDirectory: &isDirectory), isDirectory.boolValue,
              let walker = FileManager.default.enumerator(atPath: tests.path)
        else { throw .missingTestsFolder(root) }
        var cases: [ExpressionTestCase] = []
        while let path = walker.nextObject() as? String {
            guard (path as NSString).lastPathComponent == testFileName else { continue }
            let id = (path as NSString).deletingLastPathComponent
            if let filter, !filter.isEmpty, !id.contains(filter) { continue }
            cases.append(ExpressionTestCase.load(id: id, file: tests.appendingPathComponent(path)))
        }
        return cases.sorted { $0.id < $1.id }
    }
}

/// Why an expression suite could not be read at all.
public enum ExpressionSuiteError: Error, Equatable, CustomStringConvertible {
    case missingTestsFolder(URL)

    public var description: String {
        switch self {
        case .missingTestsFolder(let root): "no expression tests: \(root.path)/tests is not a folder"
        }
    }
}
