import Testing

@Test func placeholder_MapWireRendererTests() {}
