import Foundation

/// Polls `condition` every 10 ms until it holds or `timeout` passes; the tests' one way to wait for
/// something another thread or process does (never a fixed sleep).
public func waitUntil(timeout: TimeInterval = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}

/// `waitUntil` for async tests whose condition needs the cooperative pool to make progress: it
/// sleeps with `Task.sleep` instead of blocking a pool thread.
public func waitUntilAsync(timeout: TimeInterval = 10, _ condition: () async -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return await condition()
}
