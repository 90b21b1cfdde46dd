import Foundation

/// Why a render-test suite could not be read.
public enum RenderSuiteError: Error, Equatable, CustomStringConvertible {
    case missingTestsFolder(URL)
    case unreadableStyle(testID: String, reason: String)

    public var description: String {
        switch self {
        case .missingTestsFolder(let root): "no render tests: \(root.path)/tests is not a folder"
        case .unreadableStyle(let id, let reason): "render test \(id): style.json cannot be read: \(reason)"
        }
    }
}
