import Testing

@Test func placeholder_MapWireVectorTileTests() {}
