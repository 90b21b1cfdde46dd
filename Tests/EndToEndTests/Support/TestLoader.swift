import Foundation
import MapWireProtocol
import MapWireTesting
import Synchronization

/// A loader plugin written in the test: it registers over the real control socket, answers what
/// `answer` returns, and holds back (never answers) what it returns nil for, recording everything.
final class TestLoader: Sendable {
    private let plugin: InProcessPlugin
    private let received = Recorder()

    /// The requests seen so far, shared between the plugin's thread and the test.
    final class Recorder: Sendable {
        let list = Mutex<[Mapwire_V1_PluginRequest]>([])
    }

    init(controlEndpoint: String, answer: @escaping @Sendable (Mapwire_V1_LoadResource) -> Mapwire_V1_ResourceData?) {
        let box = received
        plugin = InProcessPlugin(name: "test-loader", roles: [PluginRole.loader], controlEndpoint: controlEndpoint) { request in
            box.list.withLock { $0.append(request) }
            guard case .loadResource(let load) = request.kind, let data = answer(load) else { return nil }
            return .with { $0.id = request.id; $0.resource = data }
        }
    }

    var requests: [Mapwire_V1_PluginRequest] { received.list.withLock { $0 } }

    var cancelledIDs: [UInt64] {
        requests.compactMap { if case .cancel(let c) = $0.kind { c.requestID } else { nil } }
    }

    func stop() { plugin.stop() }

    static func file(_ data: Data) -> Mapwire_V1_ResourceData {
        .with { $0.dataSource = .fileSystem; $0.data = data; $0.response = .with { $0.source = .localFile; $0.size = UInt64(data.count) } }
    }
}

// MARK: Scripted failures (PROTOCOL.md 7.8)

extension TestLoader {
    /// A resource that failed with `reason` (and, for a rate limit, the server's wait).
    static func error(_ reason: Mapwire_V1_ErrorReason, _ message: String = "failed on purpose", retryAfterMs: UInt32? = nil) -> Mapwire_V1_ResourceData {
        .with {
            $0.dataSource = .network
            $0.response = .with { $0.source = .network; $0.error = .with { $0.reason = reason; $0.message = message } }
            if let retryAfterMs { $0.retryAfterMs = retryAfterMs }
        }
    }

    /// Whether a load may only be answered from a cache (the core is offline).
    static func asksCacheOnly(_ load: Mapwire_V1_LoadResource) -> Bool {
        !load.request.loadingMethod.contains(.network)
    }
}

/// Failures a test loader answers before the real answer: per URL, a list of reasons used up one
/// attempt at a time. Shared between the loader's thread and the test.
final class FailureScript: Sendable {
    private let queued = Mutex<[String: [Mapwire_V1_ErrorReason]]>([:])

    /// The next `reasons.count` attempts at `url` fail, in this order.
    func fail(_ url: String, with reasons: [Mapwire_V1_ErrorReason]) {
        queued.withLock { $0[url, default: []] += reasons }
    }

    /// The failure for this attempt at `url`, if one is left.
    func next(for url: String) -> Mapwire_V1_ResourceData? {
        queued.withLock { script in
            guard var reasons = script[url], !reasons.isEmpty else { return nil }
            let reason = reasons.removeFirst()
            script[url] = reasons
            return TestLoader.error(reason)
        }
    }
}
