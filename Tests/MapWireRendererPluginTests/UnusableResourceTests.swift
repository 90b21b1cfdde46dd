import Foundation
import Logging
@testable import MapWireFormats
import MapWireProtocol
import MapWireRendererPlugin
import Testing

/// Bytes the renderer cannot use are named in `RenderResult.unusable_resources`, once each, and
/// the frame is still drawn without them.
struct UnusableResourceTests {
    static let style = Data(#"{"version":8,"sources":{"v":{"type":"vector","tiles":["x://{z}/{x}/{y}"]}},"layers":[{"id":"bg","type":"background"}]}"#.utf8)

    /// A PNG whose header claims `width`×`height` pixels, with one byte of image data.
    static func lyingPNG(width: UInt32, height: UInt32) -> Data {
        func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            bigEndian(UInt32(body.count)) + Array(type.utf8) + body + bigEndian(CRC32.checksum(Data(type.utf8), Data(body)))
        }
        let header = bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", [0]) + chunk("IEND", []))
    }

    func resource(_ key: String, _ kind: Mapwire_V1_RenderResource.Kind, _ data: Data, _ configure: (inout Mapwire_V1_RenderResource) -> Void = { _ in })
        -> Mapwire_V1_RenderResource
    {
        var r = Mapwire_V1_RenderResource.with { $0.key = key; $0.kind = kind; $0.data = data; $0.dataIncluded = true }
        configure(&r)
        return r
    }

    func frame(_ id: UInt64, _ resources: [Mapwire_V1_RenderResource]) -> Mapwire_V1_PluginRequest {
        .with {
            $0.id = id
            $0.renderFrame = .with {
                $0.frameID = id
                $0.camera = .with { $0.width = 64; $0.height = 64 }
                $0.styleKey = "style"
                $0.resources = [resource("style", .style, Self.style)] + resources
            }
        }
    }

    @Test func eachBadResourceIsNamedOnceAndTheFrameIsStillDrawn() throws {
        let plugin = RendererPlugin(logger: Logger(label: "test"))
        let random = Data((0..<200).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) })
        let bad = [
            resource("tile", .tile, random) { $0.sourceID = "v"; $0.sourceType = "vector"; $0.tileID = .with { $0.z = 1; $0.x = 1; $0.y = 0 } },
            resource("geojson", .geojson, Data("{not json".utf8)) { $0.sourceID = "g" },
            resource("sprite", .spriteImage, Self.lyingPNG(width: 60_000, height: 60_000)),
            resource("glyphs", .glyphs, random) { $0.fontStack = ["Open Sans Regular"]; $0.rangeStart = 0 },
            resource("rgba", .styleImage, Data(count: 16)) { $0.rawRgba = true; $0.width = 65_536; $0.height = 65_536; $0.imageID = "dot" },
        ]
        let first = try #require(plugin.answer(frame(1, bad))?.renderResult)
        #expect(first.error.isEmpty && first.width == 64, "the frame is drawn without them")
        let messages = Dictionary(uniqueKeysWithValues: first.unusableResources.map { ($0.key, $0.message) })
        #expect(Set(messages.keys) == ["tile", "geojson", "sprite", "glyphs", "rgba"])
        #expect(messages["tile"]?.hasPrefix("the vector tile 1/1/0 of source \"v\" cannot be used: ") == true)
        #expect(messages["geojson"]?.hasPrefix("the GeoJSON data of source \"g\" cannot be used: not valid JSON") == true)
        #expect(messages["sprite"]?.contains("60000×60000") == true)
        #expect(messages["glyphs"]?.hasPrefix("the glyph range 0-255 of Open Sans Regular cannot be used: ") == true)
        #expect(messages["rgba"]?.contains("not 65536×65536×4") == true)
        // Later frames name the keys without bytes: nothing new to report.
        let again = try #require(plugin.answer(frame(2, bad.map { var r = $0; r.data = Data(); r.dataIncluded = false; return r }))?.renderResult)
        #expect(again.unusableResources.isEmpty && again.missingKeys.isEmpty)
    }

    @Test func aReportWaitsForTheAnswerWithoutMissingKeys() throws {
        let plugin = RendererPlugin(logger: Logger(label: "test"))
        let broken = resource("geojson", .geojson, Data("[".utf8)) { $0.sourceID = "g" }
        var absent = resource("tile", .tile, Data()) { $0.sourceType = "raster" }
        absent.dataIncluded = false
        let asking = try #require(plugin.answer(frame(1, [broken, absent]))?.renderResult)
        #expect(asking.missingKeys == ["tile"] && asking.unusableResources.isEmpty, "missing_keys and nothing else")
        // The core sends the frame again with the bytes: now the GeoJSON is reported.
        let png = try ImageEncoder.png(RGBAImage(width: 1, height: 1, pixels: [0, 0, 0, 255]))
        let resent = try #require(plugin.answer(frame(1, [broken, resource("tile", .tile, png) { $0.sourceType = "raster" }]))?.renderResult)
        #expect(resent.unusableResources.map(\.key) == ["geojson"])
    }

    @Test func spriteIconsOutsideTheImageAreReportedWithTheIndex() throws {
        let plugin = RendererPlugin(logger: Logger(label: "test"))
        let png = try ImageEncoder.png(RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 255, count: 64)))
        let index = Data(#"{"in":{"x":0,"y":0,"width":4,"height":4},"out":{"x":2,"y":2,"width":4,"height":4}}"#.utf8)
        let result = try #require(plugin.answer(frame(1, [resource("png", .spriteImage, png), resource("json", .spriteJson, index)]))?.renderResult)
        #expect(result.unusableResources.map(\.key) == ["json"])
        #expect(result.unusableResources.first?.message == "the sprite index has 1 unusable icons: \"out\": 4×4 at 2,2 is not inside the 4×4 image")
    }
}
