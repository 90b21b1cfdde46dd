import Foundation

/// The targets against MapLibre Native (BENCHMARKS.md, "Goals"), read off the peer-native section.
enum NativePeerGoals {
    static func goals(_ report: BenchReport) -> [BenchGoal] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        func goal(_ keys: [String], _ name: String, _ target: String, _ met: (Double) -> Bool) -> BenchGoal {
            let ratios = keys.compactMap { report.figure("peer-native", $0)?.ratio }
            return BenchGoal(name: name, target: target,
                             measured: ratios.isEmpty ? "not measured" : ratios.map { String(format: "%.2f×", $0) }.joined(separator: ", "),
                             met: ratios.count == keys.count ? ratios.allSatisfy(met) : nil)
        }
        return [
            goal(["cold-tiles-per-second.2x.clients-1", "cold-tiles-per-second.2x.clients-\(cores)"],
                 "cold @2x tiles/s against MapLibre Native, 1 client and \(cores)", "≥ 2×", { $0 >= 2 }),
            goal(["cold-tile-p99.2x.clients-1"], "cold @2x tile p99 against MapLibre Native, 1 client", "≤ 0.5×", { $0 <= 0.5 }),
            goal(["static-cold-ms", "static-warm-ms"], "static 1024×768 image against MapLibre Native, cold and warm", "≤ 0.5×", { $0 <= 0.5 }),
            goal(["frame-ms.512x512", "frame-ms.1024x768"], "steady frame against MapLibre Native, 512² and 1024×768", "≤ 0.5×", { $0 <= 0.5 }),
            goal(["peak-rss-mib.clients-1"], "whole-system peak RSS serving one client against MapLibre Native's one process", "≤ 1×", { $0 <= 1 }),
        ]
    }
}
