import Foundation
import Logging
import MapWireProtocol
import MapWirePluginKit
import Synchronization

/// A loader plugin written in the test: it registers over the real control socket, answers what
/// `answer` returns, and holds back (never answers) what it returns nil for, recording everything.
final class TestLoader: Sendable {
    let stopFlag = StopFlag()
    private let received = Recorder()

    /// The requests seen so far, shared between the plugin's thread and the test.
    final class Recorder: Sendable {
        let list = Mutex<[Mapwire_V1_PluginRequest]>([])
    }

    init(controlEndpoint: String, answer: @escaping @Sendable (Mapwire_V1_LoadResource) -> Mapwire_V1_ResourceData?) {
        let flag = stopFlag
        let box = received
        let endpoint = controlEndpoint
        // A dedicated thread: PluginRunner blocks in zmq_poll, which must stay off the cooperative pool.
        let thread = Thread {
            let runner = PluginRunner(description: PluginDescription(name: "test-loader", roles: ["loader"]),
                                      controlEndpoint: endpoint, logger: Logger(label: "test-loader"), stopFlag: flag)
            try? runner.run { request in
                box.list.withLock { $0.append(request) }
                guard case .loadResource(let load) = request.kind, let data = answer(load) else { return nil }
                return .with { $0.id = request.id; $0.resource = data }
            }
        }
        thread.start()
    }

    var requests: [Mapwire_V1_PluginRequest] { received.list.withLock { $0 } }

    var cancelledIDs: [UInt64] {
        requests.compactMap { if case .cancel(let c) = $0.kind { c.requestID } else { nil } }
    }

    func stop() { stopFlag.stop() }

    deinit { stopFlag.stop() }

    static func file(_ data: Data) -> Mapwire_V1_ResourceData {
        .with { $0.dataSource = .fileSystem; $0.data = data; $0.response = .with { $0.source = .localFile; $0.size = UInt64(data.count) } }
    }
}
