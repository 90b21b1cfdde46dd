import Foundation

/// Passes on the warnings (and worse) that a launcher's children write to their logs in its log
/// folder, as `mapwire up` shows them by letting its children write to its own standard error: the
/// renderer's "style: …" lines about a bad expression, the core's timeouts. Each call reads what the
/// logs gained since the last one; only whole lines are passed on.
final class ChildLogWarnings {
    private let folder: URL
    private let names: [String]
    /// Bytes of each log already read, and a line begun but not yet ended.
    private var read: [String: (offset: UInt64, partial: String)] = [:]

    /// Levels worth a user's attention (swift-log's names, as the children's log lines print them).
    static let levels: Set<String> = ["warning", "error", "critical"]

    init(folder: URL, children names: [String]) {
        self.folder = folder
        self.names = names
    }

    /// The new warning lines of every child, each prefixed with its name ("renderer: …").
    func newLines() -> [String] {
        names.flatMap { name in newLogLines(of: name).filter(Self.isWarning).map { "\(name): \($0)" } }
    }

    /// Whether a log line (swift-log's "TIMESTAMP LEVEL LABEL : …") is at warning level or above.
    static func isWarning(_ line: String) -> Bool {
        let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        return fields.count >= 2 && levels.contains(String(fields[1]))
    }

    private func newLogLines(of name: String) -> [String] {
        guard let handle = FileHandle(forReadingAtPath: folder.appendingPathComponent("\(name).log").path) else { return [] }
        defer { try? handle.close() }
        var state = read[name] ?? (0, "")
        guard (try? handle.seek(toOffset: state.offset)) != nil, let data = try? handle.readToEnd(), !data.isEmpty else { return [] }
        state.offset += UInt64(data.count)
        var lines = (state.partial + String(decoding: data, as: UTF8.self)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        state.partial = lines.removeLast()
        read[name] = state
        return lines.filter { !$0.isEmpty }
    }
}
