import Testing

@Test func placeholder_MapWireStyleTests() {}
