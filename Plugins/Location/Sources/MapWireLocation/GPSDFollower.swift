import Foundation

/// Follows a gpsd daemon: connects, asks for JSON reports (WATCH), turns TPV reports into fixes, and
/// reconnects with backoff when gpsd goes away. Blocks its thread; run it on a dedicated Thread.
public final class GPSDFollower {
    public enum Event: Equatable, Sendable {
        case connected
        /// A connection attempt failed (refused, unreachable) or gpsd went away: the source cannot be used.
        /// Said for every failed attempt, before that attempt's `failure` or `stillUnreachable`.
        case unreachable
        case fix(LocationFix)
        /// The source failed: gpsd unreachable or gone, or the receiver lost its fix. Said once per outage.
        case failure(String)
        /// Another connection attempt during an outage failed too (the outage's `failure` was already said).
        case stillUnreachable(attempts: Int)
        case satellites(used: Int, visible: Int)
    }

    public let host: String
    public let port: UInt16
    /// Longest wait between connection attempts, seconds.
    public var longestRetryDelay = 2.0
    public private(set) var unreadableLines = 0

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Runs until `isStopped` says so; `deliver` sees every event on this thread.
    public func run(isStopped: () -> Bool, deliver: (Event) -> Void) {
        var delay = 0.1
        var outageReported = false
        var failedAttempts = 0
        while !isStopped() {
            do throws(LineConnection.Failure) {
                let connection = try LineConnection(host: host, port: port)
                defer { connection.close() }
                try connection.send(#"?WATCH={"enable":true,"json":true};"# + "\n")
                deliver(.connected)
                delay = 0.1
                failedAttempts = 0
                var lostFix = false
                while !isStopped() {
                    guard let line = try connection.readLine(timeoutMilliseconds: 200) else { continue }
                    switch GPSDReport.parse(line) {
                    case .fix(let fix)?:
                        outageReported = false
                        lostFix = false
                        deliver(.fix(fix))
                    case .noFix?:
                        // Only a lost fix is a failure; a receiver that never had one is still starting.
                        if !lostFix && !outageReported { lostFix = true; deliver(.failure("gpsd at \(host):\(port) reports no fix")) }
                    case .sky(let used, let visible)?:
                        deliver(.satellites(used: used, visible: visible))
                    case .other?:
                        break
                    case nil:
                        unreadableLines += 1
                    }
                }
            } catch {
                failedAttempts += 1
                deliver(.unreachable)
                if !outageReported {
                    outageReported = true
                    deliver(.failure("gpsd at \(host):\(port): \(error)"))
                } else {
                    deliver(.stillUnreachable(attempts: failedAttempts))
                }
            }
            sleep(seconds: delay, unless: isStopped)
            delay = min(delay * 2, longestRetryDelay)
        }
    }
}

/// Sleeps in short slices so a stop request is seen within 50 ms.
public func sleep(seconds: Double, unless isStopped: () -> Bool) {
    let end = Date().addingTimeInterval(seconds)
    while !isStopped() {
        let left = end.timeIntervalSinceNow
        if left <= 0 { return }
        Thread.sleep(forTimeInterval: min(left, 0.05))
    }
}
