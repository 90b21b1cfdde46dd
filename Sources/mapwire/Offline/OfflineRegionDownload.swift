import Foundation
import MapEngine
import MapWireCache
import MapWireHTTP
import MapWireOffline
import MapWireProtocol
import MapWireSession

/// Downloads an offline region into the cache: `OfflineRegionPlan` says what is needed, this fetches it
/// at `low` priority through the HTTP loader's own fetcher (so the URLs, headers and limits are the
/// map's), stores each resource in the region, and feeds what arrived back into the plan. Resumable:
/// what the region already holds is read from the cache instead of fetched.
struct OfflineRegionDownload: Sendable {
    struct Summary: Sendable {
        var required = 0
        var fetched = 0
        /// Already in the region (a resumed download).
        var alreadyThere = 0
        var failed = 0
        var bytes: Int64 = 0
        var problems: [String] = []
        var tileCount = 0
        /// The download failed with nothing stored, and the empty region was deleted.
        var removedEmptyRegion = false
        var completed: Int { fetched + alreadyThere + failed }
    }

    let name: String
    let definition: OfflineRegionDefinition
    let maxTiles: Int
    let cache: ResourceCache
    let loader: HTTPResourceLoader
    let parallel: Int
    /// Attempts per resource for failures worth retrying (server, connection, rate-limit).
    var attempts = 4
    let progress: @Sendable (Summary, _ done: Bool) -> Void

    /// Downloads the region. One that failed and holds nothing (a style that is not there, a server
    /// that is down) is deleted again: `offline list` then shows no empty region that looks like a map.
    /// `Summary.removedEmptyRegion` says so.
    func run() async throws -> Summary {
        let region = try openRegion()
        var summary: Summary
        do { summary = try await fill(region) } catch {
            removeIfEmpty(region)
            throw error
        }
        if summary.failed > 0 { summary.removedEmptyRegion = removeIfEmpty(region) }
        return summary
    }

    /// Deletes the region when it holds no resource; true when it did.
    @discardableResult
    private func removeIfEmpty(_ region: RegionID) -> Bool {
        guard let info = try? cache.regions().first(where: { $0.id == region }), info.resourceCount == 0 else { return false }
        return (try? cache.deleteRegion(name: name)) != nil
    }

    private func fill(_ region: RegionID) async throws -> Summary {
        var plan = OfflineRegionPlan(definition: definition, maxTiles: maxTiles)
        var summary = Summary()
        var queue = plan.start()
        summary.required = queue.count
        try await withThrowingTaskGroup(of: (OfflineResource, Outcome).self) { group in
            var running = 0
            while !queue.isEmpty || running > 0 {
                while running < parallel, !queue.isEmpty {
                    let resource = queue.removeFirst()
                    running += 1
                    group.addTask { (resource, await self.obtain(resource, region: region)) }
                }
                guard let (resource, outcome) = try await group.next() else { break }
                running -= 1
                let next: [OfflineResource]
                switch outcome {
                case .stored(let data, let fetched):
                    if fetched { summary.fetched += 1 } else { summary.alreadyThere += 1 }
                    summary.bytes += Int64(data.count)
                    next = try plan.arrived(resource, data: data)
                case .failed(let reason):
                    summary.failed += 1
                    next = try plan.failed(resource, reason: reason)
                }
                queue += next
                summary.required += next.count
                summary.tileCount = plan.tileCount ?? 0
                progress(summary, false)
            }
        }
        summary.problems = plan.problems
        try cache.setRegionProgress(region, requiredResourceCount: Int64(summary.required), complete: summary.failed == 0)
        progress(summary, true)
        return summary
    }

    /// The region to fill: a new one, or the one of this name to resume when its definition is the same.
    private func openRegion() throws -> RegionID {
        let encoded = try JSONEncoder().encode(definition)
        if let existing = try cache.region(named: name) {
            let stored = try cache.regions().first { $0.id == existing }?.definition
            guard let stored, (try? JSONDecoder().decode(OfflineRegionDefinition.self, from: stored)) == definition else {
                throw OfflineRegionError("a region named \"\(name)\" exists with another definition: `mapwire offline delete \(name)` first")
            }
            return existing
        }
        return try cache.createRegion(name: name, definition: encoded)
    }

    enum Outcome: Sendable {
        /// The bytes (empty for a missing tile), and whether they came from the network just now.
        case stored(Data, fetched: Bool)
        case failed(String)
    }

    /// One resource: from the region when it already holds it, else fetched (retried on the map's
    /// schedule for server, connection and rate-limit failures) and stored in the region.
    private func obtain(_ resource: OfflineResource, region: RegionID) async -> Outcome {
        let now = ResourceCache.now()
        if cache.regionContains(region, url: resource.url), let entry = cache.lookup(resource.url, now: now) {
            return .stored(entry.data ?? Data(), fetched: false)
        }
        guard resource.url.hasPrefix("http://") || resource.url.hasPrefix("https://") else {
            return .failed("not downloaded: only http(s) resources go into a region")
        }
        var failures = 0
        while true {
            let download = await loader.download(resource.url, kind: resource.kind.protocolValue, priority: .low)
            if let error = download.error {
                failures += 1
                let reason = ErrorReason(error.reason)
                guard failures < attempts, !Task.isCancelled,
                      let delay = RetrySchedule.delayMillis(after: reason, failures: failures, retryAfterMillis: download.retryAfterMs)
                else { return .failed("\(reason.rawValue): \(error.message)") }
                try? await Task.sleep(for: .milliseconds(delay))
                continue
            }
            let entry = download.noContent
                ? CacheEntry.noContent(etag: download.etag, modified: download.modified, expires: download.expires, mustRevalidate: download.mustRevalidate)
                : CacheEntry(data: download.data ?? Data(), etag: download.etag, modified: download.modified,
                             expires: download.expires, mustRevalidate: download.mustRevalidate)
            do {
                try cache.storeInRegion(region, url: resource.url, kind: CacheResourceKind(resource.kind.protocolValue), entry: entry, now: ResourceCache.now())
            } catch {
                return .failed("fetched but not stored: \(error)")
            }
            return .stored(download.data ?? Data(), fetched: true)
        }
    }
}
