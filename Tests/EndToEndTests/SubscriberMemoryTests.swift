import Foundation
import MapWireBus
import MapWireProtocol
import MapWireTesting
import Testing

/// The memory a subscriber that never reads makes the core hold (its queue, up to the events
/// high-water mark) goes back to the system once it leaves.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct SubscriberMemoryTests {
    /// The core's resident memory in MB, from /proc.
    static func residentMB(_ pid: Int32) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kB = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return nil }
        return kB / 1024
    }

    /// The core's minor page faults so far, from /proc.
    static func pageFaults(_ pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // minflt is the 10th field, the 8th after the command's closing parenthesis.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 7 ? Double(fields[7]) : nil
    }

    /// A subscriber that reads a burst only after it was queued, then leaves, and while the core is idle its
    /// memory stays kept; a new one does the same: the memory the first burst's queue freed serves the
    /// second, which faults in few pages. The core used to give freed memory back half a second after any subscriber left, so the second
    /// burst faulted as many pages as the first (the bench's bus section took a million page faults so);
    /// now it keeps it until the bus has been quiet for five seconds (FreedMemoryReturn).
    @Test func aBurstAfterASubscriberLeftReusesTheMemoryTheLastOneFreed() throws {
        let run = try TestRun()
        let core = try run.startBenchCore()
        let count = 40_000
        func burstFaults() throws -> Double {
            let reader = try ZMQSocket(type: .sub)
            defer { reader.close() }
            // A small queue on this side: the burst waits in the core's queue until it is read.
            try reader.setHighWaterMarks(send: 1000, receive: 1000)
            // The topic and `welcome`, so that the core counts the subscriber (PROTOCOL.md 4.3).
            try reader.subscribe("map-loading-error")
            try reader.subscribe("welcome")
            try reader.setReceiveTimeout(milliseconds: 10_000)
            try reader.connect(run.runDirectory.eventsEndpoint)
            #expect(waitUntil { ((try? run.send(.ping(.init())))?.pong.subscribers ?? 0) == 1 })
            let before = try #require(Self.pageFaults(core.pid))
            let reply = try run.send(.benchPublish(.with { $0.kind = .mapLoadingError; $0.count = UInt32(count); $0.bytes = 1024 }))
            #expect(reply.ok, "\(reply.error)")
            var received = 0
            while received < count, let frames = try reader.receive() {
                if frames.first == Data("map-loading-error".utf8) { received += 1 }
            }
            #expect(received == count)
            return try #require(Self.pageFaults(core.pid)) - before
        }
        let first = try burstFaults()
        #expect(waitUntil { ((try? run.send(.ping(.init())))?.pong.subscribers ?? 1) == 0 })
        // The queue's memory, freed, is still resident: it is not handed back for a second after the subscriber
        // left (the old policy did after half a second), well inside the five quiet seconds it is kept now.
        let kept = try #require(Self.residentMB(core.pid))
        let handedBack = waitUntil(timeout: 1) { (Self.residentMB(core.pid) ?? kept) < kept - 20 }
        #expect(!handedBack, "the core gave back its freed memory while the bus was quiet for a second: \(kept) MB → \(Self.residentMB(core.pid) ?? -1) MB")
        let second = try burstFaults()
        print("page faults: \(Int(first)) in the first burst, \(Int(second)) in the second")
        // 40,000 queued events of 1 KiB: about 10,000 pages.
        #expect(first > 5_000, "the first burst should have queued its events in new pages: \(first) faults")
        #expect(second < first / 4, "the second burst faulted \(second) pages, the first \(first)")
    }

    @Test func aNeverReadingSubscribersQueueIsReturnedAfterItLeaves() throws {
        let run = try TestRun()
        let core = try run.startBenchCore()
        _ = try run.send(.benchPublish(.with { $0.kind = .resourceRequest; $0.count = 1000; $0.bytes = 256 }))
        let before = try #require(Self.residentMB(core.pid))

        let idle = try ZMQSocket(type: .sub)
        try idle.setHighWaterMarks(send: 1000, receive: 1)
        try idle.subscribe("")
        try idle.connect(run.runDirectory.eventsEndpoint)
        #expect(waitUntil { ((try? run.send(.ping(.init())))?.pong.subscribers ?? 0) >= 1 })
        // It never reads: the core queues what it publishes, up to the high-water mark.
        let flood = try run.send(.benchPublish(.with { $0.kind = .resourceRequest; $0.count = 200_000; $0.bytes = 256 }))
        #expect(flood.ok, "\(flood.error)")
        let flooded = try #require(Self.residentMB(core.pid))
        #expect(flooded > before + 30, "the queue should have grown the core: \(before) → \(flooded) MB")

        idle.close()
        #expect(waitUntil { ((try? run.send(.ping(.init())))?.pong.subscribers ?? 1) == 0 })
        let returned = waitUntil(timeout: 15) { (Self.residentMB(core.pid) ?? .infinity) < before + 15 }
        let after = Self.residentMB(core.pid) ?? -1
        print("subscriber memory: \(Int(before)) MB before, \(Int(flooded)) MB flooded, \(Int(after)) MB after it left")
        #expect(returned, "the core kept \(after - before) MB after the subscriber left (\(before) → \(flooded) → \(after) MB)")
        #expect(try run.send(.ping(.init())).ok)
    }
}
