import Foundation

/// What the figures were measured on: CPU, cores, memory, system, load at the start.
enum BenchMachine {
    static func describe() -> [(String, String)] {
        var out: [(String, String)] = []
        if let cpu = firstValue(in: "/proc/cpuinfo", key: "model name") { out.append(("cpu", cpu)) }
        out.append(("cores", "\(ProcessInfo.processInfo.activeProcessorCount)"))
        out.append(("memory", String(format: "%.1f GiB", Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824)))
        out.append(("system", ProcessInfo.processInfo.operatingSystemVersionString))
        if let load = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) {
            out.append(("load at start", load.split(separator: " ").prefix(3).joined(separator: " ")))
        }
        out.append(("build", _isDebugAssertConfiguration() ? "debug (figures to quote come from a release build)" : "release"))
        return out
    }

    private static func firstValue(in file: String, key: String) -> String? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(key) {
            return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }
}
