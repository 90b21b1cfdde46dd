import Testing
@testable import MapWirePluginKit

/// When a plugin sends the replies it holds back (ReplyBatch): a pure step, time passed in.
@Suite struct ReplyBatchTests {
    let start: UInt64 = 5_000_000_000

    @Test func cheapRepliesWaitForTheBatchToFillOrRunItsBudget() {
        let batch = ReplyBatch(at: start)
        // 3 µs requests: held until the budget has run.
        #expect(!batch.isDue(holding: 1, at: start + 3_000))
        #expect(!batch.isDue(holding: 30, at: start + 90_000))
        #expect(batch.isDue(holding: 33, at: start + ReplyBatch.budgetNanos))
        // Or until the batch is full, however fast.
        #expect(!batch.isDue(holding: ReplyBatch.limit - 1, at: start + 1))
        #expect(batch.isDue(holding: ReplyBatch.limit, at: start + 1))
    }

    @Test func aSlowRequestsReplyGoesOutAtOnce() {
        var batch = ReplyBatch(at: start)
        // 190 µs requests (a loader inflating tiles): each reply goes as soon as it is written.
        #expect(batch.isDue(holding: 1, at: start + 190_000))
        batch.restart(at: start + 190_000)
        #expect(!batch.isDue(holding: 0, at: start + 190_001), "nothing held, nothing to send")
        #expect(batch.isDue(holding: 1, at: start + 380_000))
    }

    @Test func theBudgetRunsFromTheLastSend() {
        var batch = ReplyBatch(at: start)
        batch.restart(at: start + 1_000_000)
        #expect(!batch.isDue(holding: 5, at: start + 1_000_000 + ReplyBatch.budgetNanos - 1))
        #expect(batch.isDue(holding: 5, at: start + 1_000_000 + ReplyBatch.budgetNanos))
    }
}
