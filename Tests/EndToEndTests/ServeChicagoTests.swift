import Foundation
import MapWireFormats
import Testing

/// `mapwire serve` with bright-v9 over the real Chicago streets-v7 tiles (../shared/fixtures): tiles and a
/// static image with labels, drawn by the real renderer.
@Suite(.serialized, .ownThreads, .enabled(if: Binaries.available, "build the executables first (swift build)"))
struct ServeChicagoTests {
    @Test(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.skipMessage))
    func brightV9TilesAndAStaticImageOfChicago() async throws {
        let fixtures = try #require(SharedFixtures.fixtures)
        let run = try TestRun()
        let sprite = run.file("sprite/bright-v9")
        try FileManager.default.createDirectory(at: sprite.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(try run.mapwire(["sprite", fixtures.appendingPathComponent("icons/maki").path, "-o", sprite.path]).status == 0)
        let serve = try ServeProcess.start(run, [
            "--style", fixtures.appendingPathComponent("styles/bright-v9.json").path, "--id", "bright", "--renderers", "2",
            "--rewrite", "mapbox://mapbox.mapbox-streets-v7=file://\(fixtures.path)/tiles/streets-v7/chicago/{z}-{x}-{y}.mvt",
            "--rewrite", "mapbox://fonts/mapbox/=file://\(fixtures.path)/glyphs/",
            "--rewrite", "mapbox://sprites/mapbox/bright-v9=file://\(sprite.path)",
        ])
        #expect(await HTTPGet.waitFor(serve.port, "/health", status: 200, timeout: 90), "\(serve.process.stdout)")
        // Zoom 14 (256 px) around the Loop: engine zoom 13, where the fixture tiles are.
        let tile = try await HTTPGet.get(serve.port, "/styles/bright/14/4204/6089.png")
        #expect(tile.status == 200)
        let image = try ImageDecoder.decode(tile.body)
        #expect(image.width == 256 && Self.colours(image) > 20, "a drawn city tile has many colours")
        let shot = try await HTTPGet.get(serve.port, "/styles/bright/static/-87.625,41.875,13.5/800x600.png")
        #expect(shot.status == 200)
        let picture = try ImageDecoder.decode(shot.body)
        #expect(picture.width == 800 && Self.colours(picture) > 50)
        try? shot.body.write(to: run.file("chicago-static.png"))
    }

    static func colours(_ image: RGBAImage) -> Int {
        var seen: Set<UInt32> = []
        for i in stride(from: 0, to: image.pixels.count, by: 4 * 7) {
            seen.insert(UInt32(image.pixels[i]) << 16 | UInt32(image.pixels[i + 1]) << 8 | UInt32(image.pixels[i + 2]))
        }
        return seen.count
    }
}
