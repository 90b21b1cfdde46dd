import Testing

@Test func placeholder_MapWireLoaderTests() {}
