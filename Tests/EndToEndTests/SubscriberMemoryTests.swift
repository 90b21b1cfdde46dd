import Foundation
import MapWireBus
import MapWireProtocol
import Testing

/// The memory a subscriber that never reads makes the core hold (its queue, up to the events
/// high-water mark) goes back to the system once it leaves (issue 14, finding 12).
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct SubscriberMemoryTests {
    /// The core's resident memory in MB, from /proc.
    static func residentMB(_ pid: Int32) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kB = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return nil }
        return kB / 1024
    }

    @Test func aNeverReadingSubscribersQueueIsReturnedAfterItLeaves() throws {
        let run = try TestRun()
        let core = try run.startCore(["--enable-bench"])
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
