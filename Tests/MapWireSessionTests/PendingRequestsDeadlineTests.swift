import Foundation
import MapWireProtocol
import Testing
@testable import MapWireSession

/// `PendingRequests.earliestDeadline` comes from a heap with stale items popped lazily: at every point it
/// must equal the minimum over the table, whatever was added, sent, retried, moved or answered.
@Suite struct PendingRequestsDeadlineTests {
    /// The minimum the old scan gave.
    func scanned(_ table: PendingRequests, ids: [UInt64]) -> Int64? {
        ids.compactMap { table.entry($0)?.nextDueMillis }.min()
    }

    @Test func theEarliestDeadlineIsTheMinimumOverTheTableThroughEveryChange() {
        var generator = SystemRandomNumberGenerator()
        var table = PendingRequests()
        var ids: [UInt64] = []
        let plugins = [Data([1]), Data([2])]
        var now: Int64 = 1_000
        for step in 0..<4_000 {
            now += Int64.random(in: 0...3, using: &generator)
            switch Int.random(in: 0..<10, using: &generator) {
            case 0...3:
                let id = UInt64(step + 1)
                let policy = RequestPolicy(timeoutMillis: Int64.random(in: 1...500, using: &generator),
                                           attempts: Int.random(in: 1...3, using: &generator), waitsForPlugin: true)
                table.add(.with { $0.id = id }, purpose: .bench(index: step), role: "loader", policy: policy, now: now)
                ids.append(id)
            case 4...5:
                if let id = table.waiting.randomElement(using: &generator) {
                    _ = table.assign(id, to: plugins.randomElement(using: &generator)!, now: now, wallNanos: 0, monotonicNanos: 0)
                }
            case 6...7:
                if let id = ids.randomElement(using: &generator) { _ = table.remove(id) }
            case 8:
                _ = table.retryTimedOutAttempts(now: now)
                _ = table.expired(now: now)
            default:
                _ = table.unassignAll(from: plugins.randomElement(using: &generator)!)
            }
            ids.removeAll { table.entry($0) == nil }
            let earliest = table.earliestDeadline()
            #expect(earliest == scanned(table, ids: ids), "step \(step)")
        }
    }

    @Test func requestsAnsweredLongBeforeTheirDeadlineDoNotPileUp() {
        var table = PendingRequests()
        let policy = RequestPolicy(timeoutMillis: 60_000, attempts: 2, waitsForPlugin: true)
        for id in UInt64(1)...100_000 {
            table.add(.with { $0.id = id }, purpose: .bench(index: 0), role: "loader", policy: policy, now: Int64(id))
            _ = table.assign(id, to: Data([1]), now: Int64(id), wallNanos: 0, monotonicNanos: 0)
            _ = table.remove(id)
        }
        let earliest = table.earliestDeadline()
        #expect(table.count == 0 && earliest == nil)
        #expect(table.deadlineItems == 0)
    }
}
