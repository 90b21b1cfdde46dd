import Foundation
import MapWireClient
import MapWireProtocol
import MapWireTesting
import Testing

/// The command-line tools tell the truth about what they did: `record` about what it kept, `replay`
/// about a file that lies, `offline download` about a region it could not fill, `send` about which
/// command caused what.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct CommandLineHonestyTests {
    @Test func recordFailsLoudlyWhenItsFileIsDeleted() throws {
        let run = try TestRun()
        try run.startCore()
        let file = run.file("deleted.mcap")
        let record = try run.start("mapwire", ["record", "--run-dir", run.runDirectory.path, "-o", file.path], name: "record", withRunDir: false)
        #expect(record.waitFor("record: subscribed"), "\(record.stderr)")
        try FileManager.default.removeItem(at: file)
        #expect(record.wait(timeout: 10) == 1, "\(record.stderr)")
        #expect(record.stderr.contains("can no longer be written: it was deleted"), "\(record.stderr)")
    }

    /// SIGINT right after a burst: every event the core published by then is in the file, and the
    /// summary's counts add up to the core's last sequence number.
    @Test func recordDrainsTheBurstBeforeItsSummaryOnSIGINT() throws {
        let run = try TestRun()
        // A queue that holds the whole burst, so that no event is lost at the core.
        try run.startBenchCore(["--events-hwm", "1000000"])
        let file = run.file("burst.mcap")
        let record = try run.start("mapwire", ["record", "--run-dir", run.runDirectory.path, "-o", file.path], name: "record", withRunDir: false)
        #expect(record.waitFor("record: subscribed"), "\(record.stderr)")
        let published = try run.send(.benchPublish(.with { $0.kind = .cameraChanged; $0.count = 300_000; $0.bytes = 64 })).benchPublish
        record.signal(SIGINT)
        #expect(record.wait(timeout: 120) == 0, "\(record.stderr)")
        let summary = try #require(record.stderr.split(separator: "\n").last { $0.hasPrefix("record: ") && $0.contains("events on") })
        let numbers = summary.split(separator: " ").compactMap { Int($0) }
        let (recorded, missed) = (numbers.first ?? -1, numbers.count > 2 ? numbers[2] : -1)
        #expect(UInt64(recorded + missed) == published.lastSequence, "\(summary) vs last sequence \(published.lastSequence)")
        #expect(missed == 0, "\(summary)")
        let inspect = try run.mapwire(["replay", "--inspect", file.path, "--format", "json"], timeout: 120)
        #expect(inspect.stdout.contains("\"camera-changed\""), "\(inspect.stdout.prefix(300))")
        figure("record, SIGINT right after a 300,000-event burst: \(summary)")
    }

    /// An MCAP file of a few hundred bytes whose one chunk claims 10 GiB uncompressed: refused at once.
    @Test func replayRefusesAChunkClaimingTenGiB() throws {
        let run = try TestRun()
        let file = run.file("lying.mcap")
        try Data(Self.mcapClaiming(10 << 30)).write(to: file)
        let started = Date()
        let result = try run.mapwire(["replay", "--inspect", file.path], timeout: 60)
        #expect(result.status != 0 && result.status != nil)
        #expect(result.stderr.contains("claims 10737418240 bytes uncompressed"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(started) < 30)
    }

    /// The MCAP magic, a Header, and a zstd Chunk whose records are 100 zeros compressed but whose
    /// `uncompressed_size` says `claimed` (the MCAP specification's record layouts, little-endian).
    static func mcapClaiming(_ claimed: UInt64) -> [UInt8] {
        func u32(_ v: UInt32) -> [UInt8] { withUnsafeBytes(of: v.littleEndian, Array.init) }
        func u64(_ v: UInt64) -> [UInt8] { withUnsafeBytes(of: v.littleEndian, Array.init) }
        func string(_ s: String) -> [UInt8] { u32(UInt32(s.utf8.count)) + Array(s.utf8) }
        func record(_ opcode: UInt8, _ content: [UInt8]) -> [UInt8] { [opcode] + u64(UInt64(content.count)) + content }
        let magic: [UInt8] = [0x89, 0x4D, 0x43, 0x41, 0x50, 0x30, 0x0D, 0x0A]
        // The zstd frame of 100 zero bytes (`zstd -c` of them, written out here).
        let records: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x58, 0x45, 0x00, 0x00, 0x10, 0x00, 0x00, 0x01, 0x00, 0x3F, 0x01,
                                0x2C, 0x2F, 0x50, 0x2C, 0xC9]
        let chunk = u64(0) + u64(0) + u64(claimed) + u32(0) + string("zstd") + u64(UInt64(records.count)) + records
        return magic + record(0x01, string("") + string("test")) + record(0x06, chunk)
    }

    @Test(.enabled(if: NginxServer.available, "needs nginx (apt-get install -y nginx)"))
    func aFailedOfflineDownloadLeavesNoEmptyRegion() throws {
        let run = try TestRun()
        let nginx = try NginxServer(in: run)
        let cache = run.file("cache.db").path
        let result = try run.mapwire(["offline", "download", "nowhere", "--style", "\(nginx.baseURL)/missing/style.json",
                                      "--bounds=13.3,52.4,13.5,52.6", "--zoom", "10", "--cache", cache], timeout: 60)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("no region kept"), "\(result.stderr)")
        let list = try run.mapwire(["offline", "list", "--cache", cache])
        #expect(list.status == 0)
        #expect(!list.stdout.contains("nowhere"), "\(list.stdout)")
    }

    /// Two runs of `mapwire send`, the first with --run-dir before the subcommand: both work, and the
    /// core's command tap shows two different, non-zero ids.
    @Test func sendTakesTheRunDirectoryBeforeItsSubcommandAndAFreshIdEachTime() throws {
        let run = try TestRun()
        try run.startCore()
        let tap = try run.subscribe(["command"])
        let before = try run.mapwire(["send", "--run-dir", run.runDirectory.path, "ping"])
        #expect(before.status == 0, "\(before.stderr)")
        #expect(before.stdout.hasPrefix("pong from map"))
        let after = try run.mapwire(["send", "ping", "--run-dir", run.runDirectory.path])
        #expect(after.status == 0, "\(after.stderr)")
        let equals = try run.mapwire(["send", "--run-dir=\(run.runDirectory.path)", "get-camera"])
        #expect(equals.status == 0, "\(equals.stderr)")
        var ids: [UInt64] = []
        var log = EventLog()
        _ = try log.collect(from: tap, timeout: 10) { _, envelope in
            if case .command(let traffic) = envelope.payload, let message = try? Mapwire_V1_ControlMessage(serializedBytes: traffic.controlMessage),
               case .command(let command) = message.body { ids.append(command.id) }
            return ids.count == 3
        }
        #expect(ids.count == 3 && Set(ids).count == 3 && !ids.contains(0), "\(ids)")
        #expect(ids.allSatisfy { $0 < 1 << 53 })
    }
}
