import Testing

@Test func placeholder_MapWireProtocolTests() {}
