import Foundation

/// How one kind of request to plugins is treated: how long it may take in all, how many sends it gets
/// (each attempt has an equal share of the time), and whether it waits for a plugin of its role to
/// register or fails at once when there is none. Every kind goes through the same table and rules.
struct RequestPolicy {
    var timeoutMillis: Int64
    var attempts: Int
    var waitsForPlugin: Bool
}

/// Each kind of request's policy, from the session's configuration.
extension SessionConfiguration {
    var loadPolicy: RequestPolicy {
        RequestPolicy(timeoutMillis: Int64(requestTimeoutMilliseconds),
                      attempts: 1 + max(0, requestRetries), waitsForPlugin: true)
    }

    /// Frames: one attempt (a renderer that does not answer in time has its frame finished undrawn),
    /// and no waiting: without a renderer the map draws frames without one.
    var framePolicy: RequestPolicy {
        RequestPolicy(timeoutMillis: Int64(renderTimeoutMilliseconds), attempts: 1, waitsForPlugin: false)
    }

    /// Renderer attempts per view: a renderer that dies or hangs hands it to the next.
    var viewPolicy: RequestPolicy {
        RequestPolicy(timeoutMillis: Int64(renderTimeoutMilliseconds), attempts: 3, waitsForPlugin: true)
    }

    /// Decisions (gesture handlers, the camera veto, style-image removal) fall back to their default at
    /// once when nobody can answer, and after their short deadline.
    func decisionPolicy(timeoutMillis: Int) -> RequestPolicy {
        RequestPolicy(timeoutMillis: Int64(timeoutMillis), attempts: 1, waitsForPlugin: false)
    }

    /// The shell's own requests: one attempt within the request timeout, failing at once without a plugin.
    var shellRequestPolicy: RequestPolicy {
        RequestPolicy(timeoutMillis: Int64(requestTimeoutMilliseconds), attempts: 1, waitsForPlugin: false)
    }
}
