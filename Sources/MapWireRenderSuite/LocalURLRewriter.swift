import Foundation

/// Points the suite's `local://` URLs at the suite folder on disk.
///
/// Works on the JSON text rather than on a parsed tree, so every other byte of the style (key order,
/// number spelling) reaches the engine exactly as the suite wrote it.
enum LocalURLRewriter {
    private static let pattern = Array("\"local://".utf8)

    static func rewrite(_ json: Data, root: URL) -> Data {
        let bytes = [UInt8](json)
        let replacement = Array("\"".utf8) + Array(fileURLPrefix(root).utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == pattern[0], startsString(bytes, at: index), bytes[index...].starts(with: pattern) {
                output += replacement
                index += pattern.count
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return Data(output)
    }

    /// `file:///suite/root/`, percent-encoded so a root with spaces still makes valid URLs; the part of
    /// each URL after `local://` (templates such as `{fontstack}` included) is left as written.
    static func fileURLPrefix(_ root: URL) -> String {
        let absolute = URL(fileURLWithPath: root.standardizedFileURL.path, isDirectory: true).absoluteString
        return absolute.hasSuffix("/") ? absolute : absolute + "/"
    }

    /// A quote opens a string unless it is escaped, i.e. preceded by an odd number of backslashes.
    private static func startsString(_ bytes: [UInt8], at index: Int) -> Bool {
        var backslashes = 0
        var cursor = index - 1
        while cursor >= 0 && bytes[cursor] == UInt8(ascii: "\\") {
            backslashes += 1
            cursor -= 1
        }
        return backslashes % 2 == 0
    }
}
