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
}
