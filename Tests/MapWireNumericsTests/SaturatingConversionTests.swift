import MapWireNumerics
import Testing

/// Every double converts to every integer width without trapping: NaN to 0, the rest clamped.
@Suite struct SaturatingConversionTests {
    @Test func nanIsZeroAndInfinitiesAreTheBounds() {
        #expect(Int(saturating: Double.nan) == 0)
        #expect(Int(saturating: Double.infinity) == .max && Int(saturating: -Double.infinity) == .min)
        #expect(Int32(saturating: Float.nan) == 0 && UInt32(saturating: -Double.infinity) == 0)
    }

    @Test func hugeValuesClampAndOrdinaryOnesTruncateTowardZero() {
        #expect(Int(saturating: 1e20) == .max && Int(saturating: -1e20) == .min)
        #expect(Int32(saturating: 3e9) == .max && Int32(saturating: -3e9) == .min)
        #expect(UInt8(saturating: 256.0) == 255 && UInt8(saturating: -1.0) == 0)
        #expect(Int(saturating: 2.9) == 2 && Int(saturating: -2.9) == -2)
        // The edges: 2^63 does not fit Int, the largest double below it does.
        #expect(Int(saturating: 9_223_372_036_854_775_808.0) == .max)
        #expect(Int(saturating: 9_223_372_036_854_774_784.0) == 9_223_372_036_854_774_784)
        #expect(Int(saturating: -9_223_372_036_854_775_808.0) == .min)
        #expect(Int32(saturating: 2_147_483_647.0) == .max && Int32(saturating: 2_147_483_646.5) == 2_147_483_646)
    }
}
