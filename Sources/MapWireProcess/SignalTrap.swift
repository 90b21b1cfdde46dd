import Dispatch
import Foundation

/// Turns SIGINT and SIGTERM into a call on a background queue, so a blocking loop can finish
/// cleanly (close sockets, say goodbye, stop children) instead of dying mid-message.
public final class SignalTrap {
    public let flag = StopFlag()
    private var sources: [DispatchSourceSignal] = []

    /// `onSignal` runs (on a global queue) after the flag is set, e.g. to wake a blocked poll.
    public init(signals: [Int32] = [SIGINT, SIGTERM], onSignal: (@Sendable () -> Void)? = nil) {
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [flag] in
                flag.stop()
                onSignal?()
            }
            source.resume()
            sources.append(source)
        }
    }

    deinit { sources.forEach { $0.cancel() } }
}
