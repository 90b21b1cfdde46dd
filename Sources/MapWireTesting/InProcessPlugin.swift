import Foundation
import Logging
import MapWirePluginKit
import MapWireProcess
import MapWireProtocol

/// A plugin written in a test and run in the test's process against a real core's control socket: a
/// `PluginRunner` on a thread of its own (it blocks in zmq_poll, which must stay off the cooperative pool),
/// stopped by `stop()` or when the plugin is released.
public final class InProcessPlugin: Sendable {
    public let stopFlag = StopFlag()

    /// `configure` sets the runner's hooks before it runs; `run` runs it (until the stop flag is set).
    public init(name: String, roles: [String], controlEndpoint: String,
                configure: @escaping @Sendable (PluginRunner) -> Void = { _ in },
                run: @escaping @Sendable (PluginRunner) throws -> Void) {
        let flag = stopFlag
        let thread = Thread {
            let runner = PluginRunner(description: PluginDescription(name: name, roles: roles),
                                      controlEndpoint: controlEndpoint, logger: Logger(label: name), stopFlag: flag)
            configure(runner)
            try? run(runner)
        }
        thread.start()
    }

    /// A plugin that answers each request with `answer` (nil: it holds the request back, never answering).
    public convenience init(name: String, roles: [String], controlEndpoint: String,
                            configure: @escaping @Sendable (PluginRunner) -> Void = { _ in },
                            answer: @escaping @Sendable (Mapwire_V1_PluginRequest) -> Mapwire_V1_PluginReply?) {
        self.init(name: name, roles: roles, controlEndpoint: controlEndpoint, configure: configure) { try $0.run(handler: answer) }
    }

    public func stop() { stopFlag.stop() }

    deinit { stopFlag.stop() }
}
