import Testing
@testable import MapWireHTTP

/// The fetch slots' pure core: a limit, regular before low, first come first served.
struct FetchSchedulerTests {
    @Test func startsUpToTheLimitThenWaits() {
        var scheduler = FetchScheduler<Int>(limit: 2)
        #expect(scheduler.submit(1, priority: .low) == [1])
        #expect(scheduler.submit(2, priority: .regular) == [2])
        #expect(scheduler.submit(3, priority: .low) == [])
        #expect(scheduler.submit(4, priority: .regular) == [])
        #expect(scheduler.waiting == 2)
        // Regular before low, whatever the order they came in.
        #expect(scheduler.finish(1) == [4])
        #expect(scheduler.finish(2) == [3])
        #expect(scheduler.finish(4) == [])
        #expect(scheduler.finish(3) == [])
        #expect(scheduler.running.isEmpty && scheduler.waiting == 0)
    }

    @Test func regularAlwaysBeforeLowAndInOrder() {
        var scheduler = FetchScheduler<Int>(limit: 1)
        _ = scheduler.submit(0, priority: .regular)
        for n in 1...5 { _ = scheduler.submit(100 + n, priority: .low) }
        for n in 1...5 { _ = scheduler.submit(n, priority: .regular) }
        var order: [Int] = []
        var current = 0
        while true {
            let next = scheduler.finish(current)
            guard let n = next.first else { break }
            order.append(n)
            current = n
        }
        #expect(order == [1, 2, 3, 4, 5, 101, 102, 103, 104, 105])
    }

    @Test func aWaitingFetchGivenUpNeverStarts() {
        var scheduler = FetchScheduler<Int>(limit: 1)
        _ = scheduler.submit(1, priority: .regular)
        _ = scheduler.submit(2, priority: .regular)
        _ = scheduler.submit(3, priority: .low)
        #expect(scheduler.finish(2) == [])  // given up while waiting: frees nothing
        #expect(scheduler.waiting == 1)
        #expect(scheduler.finish(1) == [3])
    }

    @Test func manyThousandsQueueAndDrain() {
        var scheduler = FetchScheduler<Int>(limit: 20)
        var started = 0
        for n in 0..<50_000 { started += scheduler.submit(n, priority: n % 2 == 0 ? .low : .regular).count }
        #expect(started == 20 && scheduler.waiting == 49_980)
        var running = Array(scheduler.running)
        var finished = 0
        while let ticket = running.popLast() {
            finished += 1
            running += scheduler.finish(ticket)
        }
        #expect(finished == 50_000)
    }
}
