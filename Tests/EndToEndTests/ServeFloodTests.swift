import Foundation
import MapWireClient
import MapWireProcess
import MapWireTesting
import Testing

/// A flood of large images: past the style's queue the server answers 503 with `Retry-After` at once,
/// before the core or its renderers see the requests; no renderer is declared hung or killed, and a
/// tile asked for after the flood is drawn.
@Suite(.serialized, .ownThreads, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct ServeFloodTests {
    @Test func aFloodIsShedWith503AndNoRendererIsDeclaredHung() async throws {
        let run = try TestRun()
        let serve = try ServeProcess.start(run, ["--renderers", "1", "--max-queue", "16"])
        #expect(await HTTPGet.waitFor(serve.port, "/health", status: 200), "never ready: \(serve.process.stderr)")
        let client = try ControlClient(endpoint: serve.controlEndpoint(style: "demo"))
        let before = try client.run(.getState(.init())).state
        let renderers = before.plugins.filter { $0.roles.contains("renderer") }.map(\.pid)
        let cached = try await HTTPGet.get(serve.port, "/styles/demo/15/17603/10749.png")
        #expect(cached.status == 200)

        // 300 different 2048² images at once, and a client asking for a cached tile meanwhile.
        let flooder = HTTPGet.client(connections: 320)
        let started = Date()
        async let flood = withTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<300 {
                group.addTask {
                    let answer = try? await HTTPGet.get(serve.port, "/styles/demo/static/13.4,52.5,14@\(index)/1024x1024@2x.png", timeout: 120,
                                                        using: flooder)
                    return (answer?.status ?? 0, answer?.header("retry-after"))
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        var cachedLatencies: [TimeInterval] = []
        for _ in 0..<20 {
            let asked = Date()
            #expect(try await HTTPGet.get(serve.port, "/styles/demo/15/17603/10749.png").status == 200)
            cachedLatencies.append(Date().timeIntervalSince(asked))
        }
        let answers = await flood
        try await flooder.shutdown()
        let seconds = Date().timeIntervalSince(started)
        let drawn = answers.filter { $0.0 == 200 }.count, shed = answers.filter { $0.0 == 503 }
        #expect(drawn + shed.count == 300, "every answer is 200 or 503: \(answers.filter { $0.0 != 200 && $0.0 != 503 }.prefix(5))")
        #expect(!shed.isEmpty && shed.allSatisfy { $0.1 != nil }, "the flood is shed with 503 and Retry-After")
        #expect(drawn >= 17, "the admitted images are drawn")
        let after = try client.run(.getState(.init())).state
        #expect(after.counters.pluginsGone == before.counters.pluginsGone, "no plugin was declared gone")
        #expect(after.plugins.filter { $0.roles.contains("renderer") }.map(\.pid) == renderers, "the renderer was not replaced")
        #expect(try await HTTPGet.get(serve.port, "/styles/demo/16/35200/21500.png").status == 200, "an uncached tile after the flood")
        figure("mapwire serve, 1 renderer, --max-queue 16: 300 concurrent 2048² static images in \(String(format: "%.1f", seconds)) s: \(drawn) drawn, \(shed.count) shed with 503; a cached tile meanwhile: max \(Int((cachedLatencies.max() ?? 0) * 1000)) ms over 20 requests")
    }
}
