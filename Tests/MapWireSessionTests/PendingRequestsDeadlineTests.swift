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
        var requestIDs = RequestIDs(SystemRandomNumberGenerator())
        var ids: [UInt64] = []
        let plugins = [Data([1]), Data([2])]
        var now: Int64 = 1_000
        for step in 0..<4_000 {
            now += Int64.random(in: 0...3, using: &generator)
            switch Int.random(in: 0..<10, using: &generator) {
            case 0...3:
                let policy = RequestPolicy(timeoutMillis: Int64.random(in: 1...500, using: &generator),
                                           attempts: Int.random(in: 1...3, using: &generator), waitsForPlugin: true)
                ids.append(table.add(.other(nil), ids: &requestIDs, purpose: .shell(token: step), role: "loader", policy: policy, now: now))
            case 4...5:
                if let id = table.waiting.randomElement(using: &generator) {
                    let slot = Int.random(in: 0..<plugins.count, using: &generator)
                    _ = table.assign(id, to: plugins[slot], slot: slot, now: now, wallNanos: 0, monotonicNanos: 0)
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
        var requestIDs = RequestIDs(SystemRandomNumberGenerator())
        let policy = RequestPolicy(timeoutMillis: 60_000, attempts: 2, waitsForPlugin: true)
        for step in Int64(1)...100_000 {
            let id = table.add(.other(nil), ids: &requestIDs, purpose: .shell(token: 0), role: "loader", policy: policy, now: step)
            _ = table.assign(id, to: Data([1]), slot: 0, now: step, wallNanos: 0, monotonicNanos: 0)
            _ = table.remove(id)
        }
        let earliest = table.earliestDeadline()
        #expect(table.count == 0 && earliest == nil)
        #expect(table.deadlineItems == 0)
    }

    /// Ids name their slot and carry random bits: a late reply to a request whose slot was taken again
    /// (the same low bits) finds nothing, and ids never repeat within a slot back to back.
    @Test func aStaleIdOfAReusedSlotFindsNothing() {
        var table = PendingRequests()
        var requestIDs = RequestIDs(SystemRandomNumberGenerator())
        let policy = RequestPolicy(timeoutMillis: 1_000, attempts: 1, waitsForPlugin: true)
        let first = table.add(.other(nil), ids: &requestIDs, purpose: .shell(token: 0), role: "loader", policy: policy, now: 0)
        #expect(table.remove(first) != nil)
        let second = table.add(.other(nil), ids: &requestIDs, purpose: .shell(token: 1), role: "loader", policy: policy, now: 0)
        #expect(first & RequestIDs.slotMask == second & RequestIDs.slotMask, "the freed slot is taken again")
        #expect(first != second && first >> RequestIDs.slotBits != 0 && second >> RequestIDs.slotBits != 0)
        #expect(table.entry(first) == nil && table.remove(first) == nil)
        #expect(table.entry(second)?.id == second)
        // Any other id with the slot's bits: nothing.
        #expect(table.entry(second ^ (1 << 40)) == nil)
        #expect(table.entry(second & RequestIDs.slotMask) == nil)
        #expect(table.count == 1)
    }
}
