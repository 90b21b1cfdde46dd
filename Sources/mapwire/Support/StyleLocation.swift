import Foundation

/// Turns what a user typed for a style into a URL: URLs pass through, paths become absolute file URLs.
enum StyleLocation {
    static func url(from argument: String) -> String {
        if argument.contains("://") { return argument }
        let absolute = argument.hasPrefix("/") ? argument : FileManager.default.currentDirectoryPath + "/" + argument
        return URL(fileURLWithPath: absolute).standardizedFileURL.absoluteString
    }
}
