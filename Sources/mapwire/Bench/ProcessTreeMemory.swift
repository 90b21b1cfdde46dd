import Foundation

/// The memory of a process and everything it started (a `mapwire serve` with its cores and plugins),
/// from /proc.
enum ProcessTreeMemory {
    /// The process and its descendants, found through each thread's `children` list.
    static func tree(_ root: Int32) -> [Int32] {
        var found: [Int32] = [], queue = [root]
        while let pid = queue.popLast() {
            found.append(pid)
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            for task in tasks {
                let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
                queue += text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            }
        }
        return found
    }

    /// A process's own peak RSS so far (VmHWM) in KiB; 0 when it cannot be read.
    static func peakKiB(_ pid: Int32) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return line.split(separator: " ").compactMap { Int($0) }.first ?? 0
    }

    /// The sum of every process's own peak in the tree, in MiB: at least the tree's peak as a whole
    /// (the processes' peaks need not fall at the same moment), so an upper bound of it.
    static func treePeakMiB(_ root: Int32) -> (mib: Double, processes: Int) {
        let pids = tree(root)
        return (Double(pids.map(peakKiB).reduce(0, +)) / 1024, pids.count)
    }
}
