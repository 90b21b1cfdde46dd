import Foundation
import MapWireClient
import MapWireFormats
import MapWireProcess
import MapWireProtocol
import Testing

/// Renderers on other hosts: `mapwire serve --renderers 0 --tcp …` has no renderer of its own, and a
/// renderer in a second network namespace (made by the test, joined by a veth pair) joins its core's pool
/// over CurveZMQ TCP; the server is not ready before it joins and serves tiles it draws after.
@Suite(.serialized, .ownThreads, .enabled(if: Binaries.available && NetworkNamespace.unavailableReason == nil, "needs root, `ip` and the built executables"))
struct ServeRemoteRendererTests {
    @Test func aRendererInAnotherNamespaceJoinsOverTCPAndDrawsTheTiles() async throws {
        let run = try TestRun()
        for name in ["core", "renderer"] { #expect(try run.mapwire(["keygen", run.file(name).path]).status == 0) }
        try FileManager.default.copyItem(at: run.file("renderer.pub"), to: run.file("allowed"))
        let namespace = try NetworkNamespace(prefix: "mwt", subnet: 213)
        run.onCleanup { namespace.remove() }
        let port = loopbackPortPair()
        let serve = try ServeProcess.start(run, ["--renderers", "0", "--tcp", "\(namespace.hostAddress):\(port)",
                                                 "--server-key", run.file("core.key").path, "--allow-keys", run.file("allowed").path])
        #expect(serve.process.waitFor("renderers on other hosts join at tcp://\(namespace.hostAddress):\(port)", inStderr: false, timeout: 30))
        #expect(try await HTTPGet.get(serve.port, "/health").status == 503, "no renderer yet")

        let inside = namespace.command(Binaries.path("mapwire-renderer"), ["--tcp", "tcp://\(namespace.hostAddress):\(port)",
                                                                            "--server-public-key", run.file("core.pub").path,
                                                                            "--key", run.file("renderer.key").path])
        let renderer = try run.startProgram(inside.executable.path, inside.arguments, name: "remote-renderer")
        #expect(await HTTPGet.waitFor(serve.port, "/health", status: 200, timeout: 30), "the remote renderer did not join: \(renderer.stderr)")
        let client = try ControlClient(endpoint: serve.controlEndpoint(style: "demo"))
        let renderers = try client.run(.getState(.init())).state.plugins.filter { $0.roles.contains("renderer") }
        #expect(renderers.count == 1 && renderers.first?.pid == UInt32(renderer.pid), "the only renderer is the one in the other namespace")

        let started = Date()
        let statuses = await withTaskGroup(of: Int.self) { group in
            for path in ServeTests.demoTiles(40, column: 35_260) { group.addTask { (try? await HTTPGet.get(serve.port, path))?.status ?? 0 } }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.allSatisfy { $0 == 200 }, "failed: \(statuses.filter { $0 != 200 })")
        figure("mapwire serve with one renderer in a second network namespace (CurveZMQ TCP over veth): 40 concurrent cold 256 px demo tiles in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
        let tile = try await HTTPGet.get(serve.port, "/styles/demo/15/17603/10749.png")
        #expect(tile.status == 200)
        #expect(try ImageDecoder.decode(tile.body).width == 256)
    }
}
