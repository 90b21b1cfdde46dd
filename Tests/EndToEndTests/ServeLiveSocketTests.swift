import Foundation
import HummingbirdWSClient
import Logging
import MapWireClient
import MapWireFormats
import MapWireTesting
import NIOCore
import Synchronization
import Testing

/// The live view's WebSocket without a browser: two clients watching one core each get frames and
/// events; a gesture from one moves the core's camera and both get the new frame; a bad message is
/// answered with an error and the connection stays.
@Suite(.serialized, .ownThreads, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct ServeLiveSocketTests {
    /// What one client saw.
    final class Seen: Sendable {
        let state = Mutex<(frames: [Data], events: Int, errors: [String], hello: Bool)>(([], 0, [], false))
        var frames: Int { state.withLock { $0.frames.count } }
        var lastFrame: Data? { state.withLock { $0.frames.last } }
    }

    @Test func twoBrowsersSeeEveryFrameAndAGestureMovesTheCore() async throws {
        let run = try TestRun()
        let serve = try ServeProcess.start(run, ["--renderers", "2"])
        #expect(await HTTPGet.waitFor(serve.port, "/health", status: 200))
        let client = try ControlClient(endpoint: serve.controlEndpoint(style: "demo"))
        let before = try client.run(.getCamera(.init())).camera
        let first = Seen(), second = Seen()
        // Signalled once the frames before the pan are in: the first client then sends the gesture, whether
        // or not anything else arrives meanwhile (an idle map sends nothing more).
        let (panSignal, panContinuation) = AsyncStream<Void>.makeStream()
        let logger = Logger(label: "live-socket-test")
        let url = "ws://127.0.0.1:\(serve.port)/live/demo"
        let watch = { @Sendable (seen: Seen, drives: Bool) in
            Task(executorPreference: OwnThreads.executor) {
                try await WebSocketClient.connect(url: url, configuration: .init(maxFrameSize: 16 << 20), logger: logger) { inbound, outbound, _ in
                    let driver: Task<Void, Error>? = drives ? Task(executorPreference: OwnThreads.executor) {
                        for await _ in panSignal {
                            try await outbound.write(.text("not a gesture"))
                            for (phase, dx) in [("began", 0), ("changed", 80), ("changed", 80), ("ended", 0)] {
                                try await outbound.write(.text(#"{"kind":"pan","phase":"\#(phase)","x":256,"y":256,"dx":\#(dx),"dy":0}"#))
                            }
                            break
                        }
                    } : nil
                    defer { driver?.cancel() }
                    for try await message in inbound.messages(maxSize: 16 << 20) {
                        switch message {
                        case .binary(let buffer): seen.state.withLock { $0.frames.append(Data(buffer.readableBytesView)) }
                        case .text(let text):
                            seen.state.withLock { state in
                                if text.contains("\"kind\":\"hello\"") { state.hello = true }
                                else if text.contains("\"kind\":\"error\"") { state.errors.append(text) }
                                else { state.events += 1 }
                            }
                        }
                        if seen.frames >= 100 { break }
                    }
                }
            }
        }
        let tasks = [watch(first, true), watch(second, false)]
        defer { tasks.forEach { $0.cancel() } }
        // Deadlines for a full `swift test` on two cores, where the serve process's two renderers share them with
        // every other suite's processes (the test's body runs on its own threads: `.ownThreads`).
        #expect(await waitUntilAsync(timeout: 60) { first.frames > 0 && second.frames > 0 }, "both clients get a frame")
        #expect(first.state.withLock { $0.hello } && second.state.withLock { $0.hello })
        let png = try #require(first.lastFrame)
        #expect(try ImageDecoder.decode(png).width == 512)
        let framesBefore = (first.frames, second.frames)
        let lastBefore = second.lastFrame
        panContinuation.yield()
        panContinuation.finish()
        #expect(await waitUntilAsync(timeout: 60) {
            ((try? client.run(.getCamera(.init())).camera.center) ?? before.center) != before.center
        }, "the pan moved the core's camera")
        #expect(await waitUntilAsync(timeout: 60) {
            first.frames > framesBefore.0 && second.frames > framesBefore.1 && second.lastFrame != lastBefore
        }, "both clients got the new frame")
        #expect(await waitUntilAsync(timeout: 10) { !first.state.withLock { $0.errors }.isEmpty }, "the bad message was answered")
        #expect(second.state.withLock { $0.errors }.isEmpty)
        #expect(first.state.withLock { $0.events } > 0 && second.state.withLock { $0.events } > 0, "events stream to both")
    }

    @Test func aBrowserThatNeverReadsIsDroppedAndTheOthersKeepGettingFrames() async throws {
        let run = try TestRun()
        let serve = try ServeProcess.start(run, ["--renderers", "1"])
        #expect(await HTTPGet.waitFor(serve.port, "/health", status: 200))
        // A client that upgrades and then never reads again (its receive buffer small: the server's writes to it block).
        let stuck = try RawConnection(port: serve.port, receiveBuffer: 4096)
        let upgraded = stuck.exchange(Array(("GET /live/demo HTTP/1.1\r\nHost: 127.0.0.1:\(serve.port)\r\nConnection: Upgrade\r\n"
            + "Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n").utf8), timeout: 1)
        #expect(upgraded.status == 101)
        let reader = Seen()
        let firstEventTime = Mutex<String?>(nil)
        let logger = Logger(label: "live-socket-test")
        let watching = Task(executorPreference: OwnThreads.executor) {
            try await WebSocketClient.connect(url: "ws://127.0.0.1:\(serve.port)/live/demo", configuration: .init(maxFrameSize: 16 << 20),
                                              logger: logger) { inbound, _, _ in
                for try await message in inbound.messages(maxSize: 16 << 20) {
                    switch message {
                    case .binary(let buffer): reader.state.withLock { $0.frames.append(Data(buffer.readableBytesView)) }
                    case .text(let text):
                        if text.contains("\"time\":"), firstEventTime.withLock({ $0 == nil }) {
                            let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
                            firstEventTime.withLock { $0 = object?["time"] as? String }
                        }
                    }
                }
            }
        }
        defer { watching.cancel() }
        #expect(await waitUntilAsync(timeout: 60) { reader.frames > 0 })
        // The first events a browser gets (the load status so far, replayed) are dated now, not 1970.
        let time = try #require(firstEventTime.withLock { $0 })
        let year = Calendar(identifier: .gregorian).component(.year, from: Date())
        #expect(time.hasPrefix("\(year)") || time.hasPrefix("\(year - 1)"), "first event dated \(time)")

        // The map moves for 30 s: every camera change is a new frame for both clients.
        let client = try ControlClient(endpoint: serve.controlEndpoint(style: "demo"))
        let started = Date()
        var framesAt20s = 0
        var step = 0.0
        while Date().timeIntervalSince(started) < 30 {
            step += 1
            _ = try? client.run(.jumpTo(.with { $0.center = .with { $0.longitude = 13.4 + step.truncatingRemainder(dividingBy: 50) * 0.0004; $0.latitude = 52.5 } }))
            if framesAt20s == 0, Date().timeIntervalSince(started) >= 20 { framesAt20s = reader.frames }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(reader.frames > framesAt20s, "frames still reach the reading client after 20 s (\(framesAt20s) then \(reader.frames))")
        #expect(await waitUntilAsync(timeout: 20) { stuck.isClosedByServer }, "the client that does not read was dropped")
        #expect(serve.process.isRunning)
    }
}
