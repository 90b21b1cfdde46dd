import Foundation
import MapWireCache
import MapWireJSON
import Synchronization

/// An offline download's progress: a bar redrawn in place on a terminal (standard error), else one
/// JSON object per line on standard output at most every half second, and always the last one.
final class DownloadProgress: Sendable {
    private let name: String
    private let terminal = isatty(STDERR_FILENO) != 0
    private let lastShown = Mutex<Double>(0)

    init(name: String) { self.name = name }

    func show(_ summary: OfflineRegionDownload.Summary, done: Bool) {
        let now = Date().timeIntervalSince1970
        let due = lastShown.withLock { last in
            guard done || now - last >= (terminal ? 0.1 : 0.5) else { return false }
            last = now
            return true
        }
        guard due else { return }
        if terminal {
            let fraction = summary.required == 0 ? 0 : Double(summary.completed) / Double(summary.required)
            let width = 30, filled = Int((fraction * Double(width)).rounded(.down))
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            let failed = summary.failed > 0 ? ", \(summary.failed) failed" : ""
            let line = "\r\(name) [\(bar)] \(summary.completed)/\(summary.required) resources, \(CacheInfo.bytes(summary.bytes))\(failed)"
            FileHandle.standardError.write(Data((line + (done ? "\n" : "")).utf8))
        } else {
            Output.line(JSONValue.object([
                JSONMember("region", .string(name)),
                JSONMember("completed", .int(Int64(summary.completed))),
                JSONMember("required", .int(Int64(summary.required))),
                JSONMember("fetched", .int(Int64(summary.fetched))),
                JSONMember("already-there", .int(Int64(summary.alreadyThere))),
                JSONMember("failed", .int(Int64(summary.failed))),
                JSONMember("bytes", .int(summary.bytes)),
                JSONMember("tiles", .int(Int64(summary.tileCount))),
                JSONMember("done", .bool(done)),
            ]).serialized)
        }
    }
}
