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
}
