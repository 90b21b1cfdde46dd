import Foundation
import Logging
import MapWireProtocol
import MapWireRendererPlugin
import Testing

/// A frame whose labels need a glyph range the renderer never asked for stops after placement, before
/// drawing: the core loads the range and the next frame is drawn with it (a frame drawn without the
/// range would only be drawn again).
struct GlyphStopTests {
    /// One point labelled "A–B": the en dash (U+2013) is in the range 8192–8447.
    static func style(_ label: String) -> Data {
        Data(#"""
        {"version":8,"glyphs":"x://{fontstack}/{range}.pbf",
         "sources":{"g":{"type":"geojson","data":"x://g.json"}},
         "layers":[{"id":"bg","type":"background","paint":{"background-color":"#fff"}},
                   {"id":"names","type":"symbol","source":"g",
                    "layout":{"text-field":"\#(label)","text-font":["Open Sans Regular"],"text-size":12}}]}
        """#.utf8)
    }

    static let point = Data(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[0,0]},"properties":{}}"#.utf8)

    func frame(_ id: UInt64, label: String, styleKey: String = "style") -> Mapwire_V1_PluginRequest {
        .with {
            $0.id = id
            $0.renderFrame = .with {
                $0.frameID = id
                $0.camera = .with { $0.width = 64; $0.height = 64 }
                $0.styleKey = styleKey
                $0.returnImage = true
                $0.resources = [
                    .with { $0.key = styleKey; $0.kind = .style; $0.data = Self.style(label); $0.dataIncluded = true },
                    .with { $0.key = "g"; $0.kind = .geojson; $0.sourceID = "g"; $0.data = Self.point; $0.dataIncluded = true },
                ]
            }
        }
    }

    func starts(_ result: Mapwire_V1_RenderResult) -> Set<UInt32> { Set(result.neededGlyphs.map(\.rangeStart)) }

    @Test func aRangeNamedForTheFirstTimeStopsTheFrameOnceThenItIsDrawnWithout() throws {
        let plugin = RendererPlugin(logger: Logger(label: "test"))
        let stopped = try #require(plugin.answer(frame(1, label: "A–B"))?.renderResult)
        #expect(stopped.error.isEmpty)
        #expect(starts(stopped).contains(8192), "\(stopped.neededGlyphs)")
        #expect(stopped.width == 0 && stopped.height == 0 && stopped.png.isEmpty && stopped.needsRepaint, "nothing drawn")
        // Asked for once: the range may have failed (settled), so the next frame is drawn without it.
        let drawn = try #require(plugin.answer(frame(2, label: "A–B"))?.renderResult)
        #expect(drawn.width == 64 && !drawn.png.isEmpty && !drawn.needsRepaint)
        #expect(starts(drawn).contains(8192))
        // A new style asks again.
        let other = try #require(plugin.answer(frame(3, label: "A–B", styleKey: "style-2"))?.renderResult)
        #expect(other.width == 0 && other.png.isEmpty)
    }

    @Test func labelsNeedingOnlyTheFirstRangeAreDrawnAtOnce() throws {
        let plugin = RendererPlugin(logger: Logger(label: "test"))
        let result = try #require(plugin.answer(frame(1, label: "AB"))?.renderResult)
        #expect(starts(result) == [0], "0–255 is the core's own request, never a reason to stop")
        #expect(result.width == 64 && !result.png.isEmpty)
    }
}
