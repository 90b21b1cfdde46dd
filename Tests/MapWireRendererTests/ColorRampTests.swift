import Foundation
@testable import MapWireRenderer
import MapWireStyle
import Testing

/// The colour ramps GL engines draw heatmaps, gradient lines and colour relief with.
@Suite struct ColorRampTests {
    static func value(_ json: Any) throws -> PropertyValue { try PropertyValue(json: json, kind: .color) }

    @Test func aRampHoldsItsEndsAndMixesItsTexels() throws {
        let ramp = ColorRamp(try Self.value(["interpolate", ["linear"], ["line-progress"], 0, "black", 1, "white"]), fallback: .transparent) {
            EvaluationContext(zoom: 0, feature: nil, heatmapDensity: nil, lineProgress: $0)
        }
        #expect(ramp.color(at: -1) == PremultipliedColor(r: 0, g: 0, b: 0, a: 1))
        #expect(ramp.color(at: 2) == PremultipliedColor(r: 1, g: 1, b: 1, a: 1))
        // Half way: between texels 127 and 128 (inputs 127/255 and 128/255), each rounded down to 8 bits.
        #expect(abs(ramp.color(at: 0.5).r - (127.0 + 128) / 2 / 255) < 1e-9)
    }

    @Test func colourReliefMixesTheColoursAtItsStopsAndHoldsThemBeyond() throws {
        let ramp = try #require(ElevationRamp(try Self.value(["interpolate", ["exponential", 2], ["elevation"], 0, "black", 1000, "#ff0000"]), zoom: 0))
        #expect(ramp.color(at: -50) == PremultipliedColor(r: 0, g: 0, b: 0, a: 1))
        #expect(ramp.color(at: 5000) == PremultipliedColor(r: 1, g: 0, b: 0, a: 1))
        // Linear between stops, whatever the interpolation (GL samples a texture of the stops' colours).
        #expect(abs(ramp.color(at: 250).r - 0.25) < 1e-9)
        // GL draws nothing for a ramp that is not an interpolation.
        #expect(ElevationRamp(try Self.value(["step", ["elevation"], "black", 100, "white"]), zoom: 0) == nil)
        #expect(ElevationRamp(try Self.value("red"), zoom: 0) == nil)
    }
}
