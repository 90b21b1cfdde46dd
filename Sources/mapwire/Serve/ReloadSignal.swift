import Dispatch
import Foundation

/// SIGHUP as a stream: each signal asks `mapwire serve` to reload its styles (as `POST /admin/reload`).
final class ReloadSignal: Sendable {
    let signals: AsyncStream<Void>
    // DispatchSourceSignal is thread-safe; it is only cancelled in deinit.
    private nonisolated(unsafe) let source: any DispatchSourceSignal

    init() {
        let (signals, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.signals = signals
        signal(SIGHUP, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
        source.setEventHandler { continuation.yield() }
        source.resume()
    }

    deinit { source.cancel() }
}
