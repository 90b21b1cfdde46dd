import Foundation

/// A temporary folder of SVG files written by a test, removed by `remove()`.
struct SVGFolder {
    let url: URL

    init(_ files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("mapwire-sprite-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: url.appendingPathComponent(name))
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    static let redSquare = """
        <svg xmlns="http://www.w3.org/2000/svg" width="11" height="11"><rect width="11" height="11" fill="#ff0000"/></svg>
        """
    static let blueCircle = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 15 15" width="15" height="15">\
        <circle cx="7.5" cy="7.5" r="6" fill="#0000ff"/></svg>
        """
    /// No width/height: the size comes from the viewBox.
    static let greenBar = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 4"><rect width="20" height="4" fill="#00ff00"/></svg>
        """
}
