import Foundation
import Logging
import MapWireProcess
import MapWireProtocol
import MapWirePluginKit

/// Any plugin written in a test: a PluginRunner on its own thread (it blocks in zmq_poll, which must
/// stay off the cooperative pool), answering with `answer`.
final class TestPluginThread: Sendable {
    let stopFlag = StopFlag()

    init(name: String, roles: [String], controlEndpoint: String,
         answer: @escaping @Sendable (Mapwire_V1_PluginRequest) -> Mapwire_V1_PluginReply?) {
        let flag = stopFlag
        let thread = Thread {
            let runner = PluginRunner(description: PluginDescription(name: name, roles: roles),
                                      controlEndpoint: controlEndpoint, logger: Logger(label: name), stopFlag: flag)
            try? runner.run(handler: answer)
        }
        thread.start()
    }

    func stop() { stopFlag.stop() }

    deinit { stopFlag.stop() }
}
