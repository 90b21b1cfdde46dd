import Foundation
import MapWireJSON
import MapWireProcess

/// MapLibre Native through PyPI `pymgl`, one fresh process per job of scripts/bench-peer-native, which
/// times itself and prints JSON. `.missing` (PeerBenchmark.Failure) when pymgl or an EGL driver is absent.
struct NativePeer {
    let script: URL
    let styleURL: String
    let timeoutSeconds: Double

    init(styleURL: String, timeoutSeconds: Double) throws {
        guard let script = PeerBenchmark.script("bench-peer-native") else {
            throw PeerBenchmark.Failure.missing("scripts/bench-peer-native (run from the repository)")
        }
        self.script = script
        self.styleURL = styleURL
        self.timeoutSeconds = timeoutSeconds
    }

    /// One job (`tiles`, `static`, `frames`, `style`) with its options; the script's JSON object.
    func run(_ job: String, _ options: [String]) throws -> [String: Any] {
        let process = try ChildProcess(name: "bench-peer-native", executable: URL(fileURLWithPath: "/usr/bin/env"),
                                       arguments: ["python3", script.path, job, "--style-url", styleURL] + options,
                                       standardOutput: .pipe, standardError: .discarded)
        let watchdog = DispatchWorkItem { process.signal(SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeoutSeconds, execute: watchdog)
        let data = process.standardOutput?.readDataToEndOfFile() ?? Data()
        process.waitForExit()
        watchdog.cancel()
        let status = process.termination.flatMap { $0.bySignal ? nil : $0.status }
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        if status == 3 { throw PeerBenchmark.Failure.missing(json["missing"] as? String ?? "pymgl") }
        guard status == 0 else {
            throw PeerBenchmark.Failure.failed("scripts/bench-peer-native \(job) ended (\(process.exitDescription)); run it by hand to see why")
        }
        return json
    }

    static func doubles(_ value: Any?) -> [Double] {
        (value as? [Any] ?? []).compactMap { FoundationJSON.double($0) }
    }
}
