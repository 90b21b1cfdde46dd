import MapWireProtocol
import Testing

/// How numbers print in the documented JSON (PROTOCOL.md 5.3): integers in full over 64 bits, whole
/// doubles without a fraction, the rest in their shortest round-trip form.
@Suite struct DocumentedNumbersTests {
    @Test func integersPrintInFullOverSixtyFourBits() {
        #expect(JSONValue.uint(UInt64.max).serialized == "18446744073709551615")
        #expect(JSONValue.int(Int64.min).serialized == "-9223372036854775808")
        let response = Mapwire_V1_ResourceResponse.with { $0.size = 1 << 60; $0.source = .network }
        #expect(response.documentedJSON.serialized.contains(#""size":1152921504606846976"#))
    }

    @Test func doublesPrintWithoutAFractionWhenWhole() {
        #expect(JSONValue.number(14).serialized == "14")
        #expect(JSONValue.number(-0.5).serialized == "-0.5")
        #expect(JSONValue.number(13.4).serialized == "13.4")
        #expect(JSONValue.number(1e-5).serialized == "1e-05")
        #expect(JSONValue.number(1e20).serialized == "1e+20")
        #expect(JSONValue.number(.nan).serialized == "null")
    }

    @Test func theMonitorLineKeepsAHighSequenceExact() throws {
        let envelope = Mapwire_V1_Envelope.with { $0.sequence = UInt64(Int64.max) + 2; $0.mapIdle = .init() }
        let line = try #require(envelope.monitorJSON?.serialized)
        #expect(line.hasPrefix(#"{"seq":9223372036854775809,"#))
    }
}
