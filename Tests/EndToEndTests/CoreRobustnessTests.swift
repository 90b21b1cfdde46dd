import Foundation
import MapWireBus
import MapWireProtocol
import MapWireTesting
import Testing

/// Garbage, a second core, a dying loader: the core says what is wrong and keeps serving.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct CoreRobustnessTests {
    @Test func malformedControlMessagesGetErrorsAndTheCoreKeepsAnswering() throws {
        let run = try TestRun()
        let core = try run.startCore()
        let socket = try ZMQSocket(type: .dealer)
        defer { socket.close() }
        try socket.connect(run.runDirectory.controlEndpoint)
        let garbage: [[Data]] = [
            [Data([0xff, 0x00, 0x13, 0x37, 0x42])],                     // not protobuf
            [Data([0x0a, 0x10, 0x01])],                                  // truncated protobuf
            [Data(), Data([0x01])],                                      // two frames
            [Data([0xfa, 0x06, 0x00])],                                  // an unknown body (field 111)
            [ControlCodec.encode(.with { $0.hello = .with { $0.name = "x"; $0.protocolVersion = 99 } })],
        ]
        var codes: [Mapwire_V1_Error.Code] = []
        for message in garbage {
            try socket.send(message)
            var poller = ZMQPoller([socket])
            guard try poller.poll(timeoutMilliseconds: 3000)[0], let frames = try socket.receive(dontWait: true),
                  case .error(let error)? = try ControlCodec.decode(frames[0]).body else {
                Issue.record("no error reply for \(message)")
                continue
            }
            codes.append(error.code)
        }
        #expect(codes == [.malformed, .malformed, .malformed, .unknownMessage, .versionMismatch])
        #expect(core.isRunning)
        #expect(try run.send(.ping(.init())).ok)
        #expect(core.stderr.contains("rejected a control message"))
    }

    @Test func aSecondCoreInTheSameRunDirectoryRefusesToStart() throws {
        let run = try TestRun()
        let first = try run.startCore()
        let second = try run.start("mapwire-core", name: "second-core")
        #expect(second.wait(timeout: 10) == 2)
        #expect(second.stderr.contains("another core already answers in \(run.runDirectory.path)"))
        #expect(first.isRunning)
        #expect(try run.send(.ping(.init())).ok)
    }

    @Test func aSymlinkedRunDirectoryIsRefused() throws {
        let run = try TestRun()
        let real = run.file("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: run.file("run"), withDestinationURL: real)
        let core = try run.start("mapwire-core")
        #expect(core.wait(timeout: 10) == 2)
        #expect(core.stderr.contains("symbolic link"))
    }

    @Test func theRunDirectoryIsCreatedPrivate() throws {
        let run = try TestRun()
        try run.startCore()
        let attributes = try FileManager.default.attributesOfItem(atPath: run.runDirectory.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
    }

    @Test func unknownCommandsAndBadArgumentsAreRefusedWithAReason() throws {
        let run = try TestRun()
        try run.startCore()
        let unknown = try run.send(.removeSource(.with { $0.id = "nope" }))
        #expect(!unknown.ok && unknown.error.contains("no source with id \"nope\""))
        let size = try run.send(.setSize(.with { $0.width = 0; $0.height = 10 }))
        #expect(!size.ok && size.error.contains("outside"))
        let noStyle = try run.send(.addSource(.with { $0.id = "a"; $0.json = "{}" }))
        #expect(!noStyle.ok && noStyle.error.contains("no style"))
        let result = try run.mapwire(["send", "remove-source", "--run-dir", run.runDirectory.path, "nope"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no source with id"))
        let camera = try run.mapwire(["send", "set-camera", "--run-dir", run.runDirectory.path, "--center=-87.6,41.8", "--zoom", "12"])
        #expect(camera.status == 0 && camera.stdout.contains("ok"))
        let state = try run.mapwire(["send", "get-camera", "--run-dir", run.runDirectory.path])
        #expect(state.stdout.contains("\"center\":[-87.6,41.8]") && state.stdout.contains("\"zoom\":12"))
    }

    @Test func aLoaderKilledMidLoadIsReplacedAndTheMapStillLoads() throws {
        let run = try TestRun()
        try run.startCore(["--heartbeat-ms", "200"])
        let tiles = TestStyles.coveringTiles()
        try TestStyles.writeTiles(tiles, into: run.file("tiles"))
        let style = run.file("style.json")
        try TestStyles.vectorStyle(tiles: "file://\(run.file("tiles").path)/{z}/{x}/{y}.pbf").write(to: style, atomically: true, encoding: .utf8)
        // A loader that takes requests and never answers, then dies.
        let silent = TestLoader(controlEndpoint: run.runDirectory.controlEndpoint) { _ in nil }
        let events = try run.subscribe()
        #expect(try run.send(.setStyleUri(.with { $0.uri = "file://\(style.path)" })).ok)
        #expect(waitUntil { !silent.requests.isEmpty })
        silent.stop()
        // A real loader takes over the unanswered request.
        try run.start("mapwire-loader")
        var log = EventLog()
        #expect(try log.collect(from: events) { topic, _ in topic == "map-idle" })
        #expect(log.loadingErrors.isEmpty)
        #expect(log.resourceRequests.filter { $0.request.kind == .tile }.count == tiles.count)
    }
}
