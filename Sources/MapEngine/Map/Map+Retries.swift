/// Loads the host tries again after a failure (its retry schedule, PROTOCOL.md 7.8). The map keeps them
/// apart from `pending`: a resource waiting for a retry does not hold map-idle back, and one no longer
/// wanted (the camera moved away from a tile, its source was removed, another style was set) is cancelled
/// so the host stops trying.
extension Map {
    /// The load as it goes out again, with the loading methods of now (offline: the cache only); nil
    /// when the map no longer wants it.
    public func retryLoad(_ id: UInt64) -> ResourceLoad? {
        guard let waiting = retrying[id] else { return nil }
        var request = waiting.load.request
        request.loadingMethod = loadingMethods
        let load = ResourceLoad(id: id, request: request, sourceID: waiting.load.sourceID, tileID: waiting.load.tileID)
        retrying[id] = PendingLoad(load: load, purpose: waiting.purpose)
        return load
    }

    /// The style failed to load and the host tries it again (a 429 or a 5xx): it may still load, so what waits
    /// for the map's frame (a snapshot) waits for it rather than failing with its first error.
    public var styleRetryPending: Bool {
        loadPhase == .failed && retrying.values.contains { if case .style = $0.purpose { true } else { false } }
    }

    /// Gives a load not yet sent the loading methods of now, and returns them; nil for a load the map
    /// no longer waits for.
    public func refreshLoadingMethod(_ id: UInt64) -> [LoadingMethod]? {
        guard let waiting = pending[id] ?? retrying[id] else { return nil }
        var request = waiting.load.request
        request.loadingMethod = loadingMethods
        let load = PendingLoad(load: ResourceLoad(id: id, request: request, sourceID: waiting.load.sourceID, tileID: waiting.load.tileID),
                               purpose: waiting.purpose)
        if pending[id] != nil { pending[id] = load } else { retrying[id] = load }
        return loadingMethods
    }

    /// Cancels the retries of the loads `matching` (the host forgets them, subscribers see them cancelled)
    /// and returns them.
    @discardableResult
    func cancelRetries(where matching: (PendingLoad) -> Bool) -> [PendingLoad] {
        let ids = retrying.filter { matching($0.value) }.keys.sorted()
        return ids.compactMap { id in
            guard let load = retrying.removeValue(forKey: id) else { return nil }
            cancel(id, load)
            return load
        }
    }
}
