import Foundation
import MapWireJSON

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
        try PeerBenchmark.runScript(script, [job, "--style-url", styleURL] + options, timeoutSeconds: timeoutSeconds, stopSignal: SIGKILL,
                                    missing: "pymgl")
    }

    static func doubles(_ value: Any?) -> [Double] {
        (value as? [Any] ?? []).compactMap { FoundationJSON.double($0) }
    }
}
