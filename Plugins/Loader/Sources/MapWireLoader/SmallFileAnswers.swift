import Foundation
import MapWireProtocol

/// Answers of small local files kept between loads, each with the identity of the file it was read from
/// (device, inode, size, modification and change times). A load that finds the same identity with one
/// `stat` of the path answers with the kept answer; open + fstat + read + close and the answer's
/// formatting were most of a small load's time in the loader's profile (BENCHMARKS.md, "The loader's
/// requests").
/// A file changed in any way `stat` can see has a new identity and is read again.
///
/// File times are coarse (a kernel tick), so a file written in the same tick as it was read could keep
/// its identity with new bytes: a file changed less than `settleNanos` before the read is not kept
/// (git's "racy" entries). Bounded: at most `maxEntries` answers and `maxBytes` of data; when full, the
/// table is emptied and fills again with what is asked for next.
struct SmallFileAnswers {
    struct Identity: Equatable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modifiedSeconds: Int
        let modifiedNanos: Int
        let changedSeconds: Int
        let changedNanos: Int

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modifiedSeconds = Int(info.st_mtim.tv_sec)
            modifiedNanos = Int(info.st_mtim.tv_nsec)
            changedSeconds = Int(info.st_ctim.tv_sec)
            changedNanos = Int(info.st_ctim.tv_nsec)
        }

        /// The later of the two times, in ns since the epoch.
        var lastChangeNanos: Int64 {
            max(Int64(modifiedSeconds) * 1_000_000_000 + Int64(modifiedNanos),
                Int64(changedSeconds) * 1_000_000_000 + Int64(changedNanos))
        }
    }

    /// A load's answer, with its plain fields when it was kept: a kept answer is converted once, and every
    /// later load of the file is answered by writing them into its reply (the data copied once, there).
    struct Answer {
        let answer: Mapwire_V1_ResourceData
        let plain: Mapwire_V1_ResourceData.Plain?
    }

    private struct Kept {
        let identity: Identity
        let answer: Answer
    }

    var settleNanos: Int64 = 100_000_000
    var maxEntries = 256
    var maxBytes = 8 << 20
    private var kept: [String: Kept] = [:]
    private var keptBytes = 0

    /// Answers kept now (tests).
    var count: Int { kept.count }

    /// The kept answer for `path` (the loader keys them by the file's URL) when the file still has `identity`.
    func answer(for path: String, _ identity: Identity) -> Answer? {
        guard let entry = kept[path], entry.identity == identity else { return nil }
        return entry.answer
    }

    /// Keeps a successful answer read from a file of `identity`, unless the file changed too recently
    /// (`nowNanos`: the wall clock after the read) or the answer is an error.
    /// Returns the answer, with its plain fields when it was kept.
    @discardableResult
    mutating func keep(_ answer: Mapwire_V1_ResourceData, for path: String, _ identity: Identity, nowNanos: Int64) -> Answer {
        let unkept = Answer(answer: answer, plain: nil)
        guard !answer.response.hasError, nowNanos - identity.lastChangeNanos >= settleNanos else { return unkept }
        // The answer's data, which its plain form shares.
        let bytes = answer.data.count
        guard bytes <= maxBytes, let plain = Mapwire_V1_ResourceData.Plain(answer) else { return unkept }
        if let old = kept[path] { keptBytes -= old.answer.answer.data.count }
        if kept.count >= maxEntries || keptBytes + bytes > maxBytes {
            kept.removeAll(keepingCapacity: true)
            keptBytes = 0
        }
        let entry = Answer(answer: answer, plain: plain)
        kept[path] = Kept(identity: identity, answer: entry)
        keptBytes += bytes
        return entry
    }

    static func wallNanos() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }
}
